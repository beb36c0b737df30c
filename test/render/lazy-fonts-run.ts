// Run by lazy-fonts.test.ts as its own process (the fonts registered are the process's, and a test
// file's process may have drawn other names before): draws boards and a GIF with Latin names, then a
// name in each script, then registers the whole chain and draws the same names again. Prints JSON.
import { createHash } from "node:crypto";
import { GlobalFonts } from "@napi-rs/canvas";
import { loadedFallbacks, registerAllFonts } from "../../src/render/fonts.ts";
import { renderBoardPng, renderMoveGif } from "../../src/render/index.ts";
import type { BoardView } from "../../src/render/view.ts";
import { SCENARIOS } from "./fixtures.ts";

const SCRIPT_NAMES = ["山田太郎", "김민준", "محمد", "דוד", "अर्जुन", "สมชาย", "🎉 Ada 👍🏽"];

const digest = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const named = (name: string): BoardView => ({ ...SCENARIOS.finished(), players: [{ name }, { name: "Kwame" }] });

const latin: BoardView = { ...SCENARIOS.capture(), players: [{ name: "Ada Ólafsdóttir" }, { name: "Kwame" }] };
await renderBoardPng(latin);
await renderBoardPng(named("Ada"));
renderMoveGif(latin);
const afterLatin = { fallbacks: loadedFallbacks(), families: GlobalFonts.families.map((f) => f.family) };

const late = [];
for (const name of SCRIPT_NAMES)
  late.push({ name, png: digest(await renderBoardPng(named(name))), fallbacks: loadedFallbacks() });
registerAllFonts();
const whole = [];
for (const name of SCRIPT_NAMES) whole.push(digest(await renderBoardPng(named(name))));
console.log(JSON.stringify({ afterLatin, late, whole }));
