/** `npm run bench`: the engine's playout throughput, then the renderer's timings, then Swiss pairing. */
import { benchEngine } from "./engine.ts";
import { benchPairing } from "./pairing.ts";
import { benchRender } from "./render.ts";

for (const line of benchEngine()) console.log(line);
console.log("");
for (const line of await benchRender()) console.log(line);
console.log("");
for (const line of benchPairing()) console.log(line);
