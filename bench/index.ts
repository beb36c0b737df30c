/**
 * `npm run bench`: the engine's playout throughput, then the renderer's timings, then Swiss pairing,
 * then the bot's footprint (its process against a local Discord: memory and start-up).
 */
import { benchEngine } from "./engine.ts";
import { benchFootprint } from "./footprint.ts";
import { benchPairing } from "./pairing.ts";
import { benchRender } from "./render.ts";

for (const line of benchEngine()) console.log(line);
console.log("");
for (const line of await benchRender()) console.log(line);
console.log("");
for (const line of benchPairing()) console.log(line);
console.log("");
for (const line of await benchFootprint()) console.log(line);
