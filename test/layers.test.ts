/**
 * The house rules of docs/architecture.md ("The layers"), as tests. Features live in folders that name them
 * (src/games, src/challenges, src/competition, src/tournaments, src/puzzles, src/forget-me); inside a feature,
 * a subfolder says the layer: `core/` (pure), the folder itself (stores and services), `images/` (the
 * renderer's), `views/` and `buttons/` (interactions), `commands/`, `jobs/` (the Discord side). Each source
 * file belongs to the first layer whose pattern matches its path; it may import its own layer and the layers
 * listed before it, except that a layer with `only` imports just those. The stand-in Discord is a package of
 * its own (packages/local-discord): the bot reaches it only by its name, and it reaches nothing outside its
 * folder. A file in no layer fails the test: place it in LAYERS (and in docs/architecture.md) when you add one.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { cycles, deferredTransactions, importRefs } from "./support/house-rules.ts";

interface Layer {
  readonly name: string;
  /** Paths under the repository root. */
  readonly pattern: RegExp;
  /** When set, the only other layers it may import (by name); else every layer above it in the list. */
  readonly only?: readonly string[];
}

const FEATURES = "(games|challenges|competition|tournaments|puzzles|forget-me)";
const feature = (sub: string) => new RegExp(`^src/${FEATURES}/${sub}`);

const LAYERS: readonly Layer[] = [
  { name: "engine", pattern: /^src\/engine\//, only: [] },
  { name: "workers", pattern: /^src\/workers\//, only: [] },
  { name: "ai", pattern: /^src\/ai\//, only: ["engine", "workers"] },
  { name: "puzzle cores", pattern: /^src\/puzzles\/core\//, only: ["engine", "ai"] },
  { name: "i18n", pattern: /^src\/i18n\//, only: ["engine"] },
  { name: "render", pattern: /^src\/(render|tournaments\/images)\//, only: ["engine", "workers", "i18n"] },
  { name: "utilities", pattern: /^src\/(clock|logger)\.ts$/, only: [] },
  { name: "tournament cores", pattern: /^src\/tournaments\/core\//, only: [] },
  // The Activity's protocol, sowing steps and keys: pure, shared by the bot and the page.
  { name: "activity core", pattern: /^src\/activity\/core\//, only: ["engine"] },
  // The Activity's page (a browser bundle, src/activity/page-build.mjs): the engine, its texts, the protocol.
  { name: "activity page", pattern: /^src\/activity\/page\//, only: ["engine", "i18n", "activity core"] },
  { name: "errors", pattern: /^src\/errors\.ts$/, only: ["engine", "i18n"] },
  { name: "db", pattern: /^src\/db\// },
  // The services, in the order they may import one another: games never imports competition (it tells it
  // through hooks), competition never imports tournaments, and so on.
  { name: "games", pattern: /^src\/games\/[^/]+$/ },
  { name: "challenges", pattern: /^src\/challenges\/[^/]+$/ },
  { name: "competition", pattern: /^src\/competition\/(?!competition\.ts)[^/]+$/ },
  // A tournament's formats (formats/: one file each and the registry) belong with its stores and service.
  { name: "tournaments", pattern: /^src\/tournaments\/(formats\/)?[^/]+$/ },
  // The hooks that tell ratings, ladders, series and tournaments about games: above all of them.
  { name: "competition hooks", pattern: /^src\/competition\/competition\.ts$/ },
  { name: "puzzles", pattern: /^src\/puzzles\/[^/]+$/ },
  { name: "forget-me", pattern: /^src\/forget-me\/[^/]+$/ },
  { name: "present", pattern: /^src\/present\// },
  // The interactions' parts: the handler context, replies, the button kind's interface.
  { name: "interactions", pattern: /^src\/interactions\/(?!custom-id\.ts|views\/|buttons\/index\.ts)/ },
  { name: "button ids", pattern: feature("buttons/[^/]+-id\\.ts$") },
  // The table of button ids (formatting and parsing) and the views' shared parts, which format ids.
  { name: "custom ids", pattern: /^src\/interactions\/(custom-id\.ts|views\/)/ },
  { name: "views", pattern: feature("views/") },
  { name: "buttons", pattern: feature("buttons/") },
  { name: "button table", pattern: /^src\/interactions\/buttons\/index\.ts$/ },
  { name: "commands", pattern: /^src\/commands\/(?!index\.ts|roots\/)/ },
  // Subcommands, and the tables of the root commands a feature owns (/nickar-tournament, /nickar-puzzle).
  { name: "feature commands", pattern: feature("commands/") },
  // The tables of the root commands that span features (/nickar, /nickar-admin), and the table of all four.
  { name: "command table", pattern: /^src\/commands\/(index\.ts$|roots\/)/ },
  { name: "app", pattern: /^src\/app\.ts$/ },
  { name: "discord", pattern: /^src\/discord\/(?!bot\.ts|scheduler\.ts|due-jobs\.ts)/ },
  { name: "jobs", pattern: feature("jobs/") },
  // The Activity's server in the bot: the game buttons' handlers and the Discord side's messenger and notices.
  { name: "activity", pattern: /^src\/activity\/[^/]+$/ },
  { name: "discord root", pattern: /^src\/discord\/(bot|scheduler|due-jobs)\.ts$/ },
  { name: "config", pattern: /^src\/config\.ts$/ },
  { name: "bin", pattern: /^src\/bin\// },
];

/** Layers where discord.js may be imported: the Discord side (the commands' registrations are its builders). */
const DISCORD_LAYERS = ["commands", "feature commands", "command table", "discord", "jobs", "discord root", "bin"];
/** Layers that may reach the renderer: the presentation door (src/present/images.ts) and the tools. */
const RENDER_DOOR = ["present", "bin"];

const ROOT = resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

function layerOf(path: string): number {
  return LAYERS.findIndex((layer) => layer.pattern.test(path));
}

/** Relative specifiers of static imports and exports, and of dynamic import() calls. */
function importsOf(text: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["'](\.{1,2}\/[^"']+)["']/gm;
  for (const match of text.matchAll(pattern)) found.push(match[1]);
  return found;
}

describe("layers", () => {
  const files = sourceFiles("src");

  it("layers - every source file belongs to a layer - src", () => {
    expect(files.filter((f) => layerOf(f) < 0)).toEqual([]);
  });

  it("layers - no import runs up the layer list - every import under src", () => {
    const upward: string[] = [];
    for (const file of files) {
      const from = layerOf(file);
      if (from < 0) continue;
      for (const specifier of importsOf(readFileSync(join(ROOT, file), "utf8"))) {
        const target = relative(ROOT, resolve(ROOT, dirname(file), specifier));
        const to = layerOf(target);
        if (to === from) continue;
        const only = LAYERS[from].only;
        const allowed = only ? to >= 0 && only.includes(LAYERS[to].name) : to >= 0 && to < from;
        if (!allowed) upward.push(`${file} imports ${target}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it("layers - no import cycle at run time - every module under src", () => {
    const graph = new Map<string, string[]>();
    for (const file of files) {
      const targets = importRefs(readFileSync(join(ROOT, file), "utf8"))
        .filter((ref) => ref.runtime && ref.specifier.startsWith("."))
        .map((ref) => relative(ROOT, resolve(ROOT, dirname(file), ref.specifier)));
      graph.set(file, targets);
    }
    expect(cycles(graph)).toEqual([]);
  });

  it("layers - discord.js only on the Discord side - every package import under src", () => {
    const misplaced: string[] = [];
    for (const file of files) {
      const layer = LAYERS[layerOf(file)]?.name;
      for (const { specifier } of importRefs(readFileSync(join(ROOT, file), "utf8"))) {
        if (/^(discord\.js|@discordjs\/)/.test(specifier) && !DISCORD_LAYERS.includes(layer))
          misplaced.push(`${file} imports ${specifier}`);
      }
    }
    expect(misplaced).toEqual([]);
  });

  it("layers - the renderer only through the presentation door - src/present and the tools", () => {
    const render = LAYERS.findIndex((l) => l.name === "render");
    const around: string[] = [];
    for (const file of files) {
      const from = layerOf(file);
      const layer = LAYERS[from]?.name;
      for (const { specifier } of importRefs(readFileSync(join(ROOT, file), "utf8"))) {
        const canvas = specifier === "@napi-rs/canvas" || specifier === "gifenc";
        const target = specifier.startsWith(".") ? relative(ROOT, resolve(ROOT, dirname(file), specifier)) : null;
        const toRender = canvas || (target !== null && layerOf(target) === render);
        if (toRender && from !== render && !RENDER_DOOR.includes(layer)) around.push(`${file} imports ${specifier}`);
      }
    }
    expect(around).toEqual([]);
  });

  it("layers - every transaction is IMMEDIATE - every db.transaction call under src", () => {
    const deferred = files.flatMap((file) =>
      deferredTransactions(readFileSync(join(ROOT, file), "utf8")).map((line) => `${file}:${line}`),
    );
    expect(deferred).toEqual([]);
  });

  it("layers - the scanners find what they look for - sample texts", () => {
    const sample = `import type { A } from "./a.ts";\nimport { type B, c } from "./c.ts";\nexport type { D } from "./d.ts";\nimport "./e.ts";\nconst f = await import("./f.ts");\nimport { Client } from "discord.js";`;
    expect(importRefs(sample)).toEqual([
      { specifier: "./a.ts", runtime: false },
      { specifier: "./c.ts", runtime: true },
      { specifier: "./d.ts", runtime: false },
      { specifier: "./e.ts", runtime: true },
      { specifier: "./f.ts", runtime: true },
      { specifier: "discord.js", runtime: true },
    ]);
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
      ["e", ["e"]],
    ]);
    expect(cycles(graph)).toEqual([["a", "b", "c"], ["e"]]);
    const txs = `db.transaction((tx) => {\n  write(tx);\n}, IMMEDIATE);\ndb.transaction((tx) => {\n  write(tx);\n});\n`;
    expect(deferredTransactions(txs)).toEqual([4]);
  });

  it("layers - outside the engine, only its two entries are imported - index.ts and internal.ts", () => {
    const deep: string[] = [];
    for (const file of files.filter((f) => !f.startsWith("src/engine/"))) {
      for (const specifier of importsOf(readFileSync(join(ROOT, file), "utf8"))) {
        const target = relative(ROOT, resolve(ROOT, dirname(file), specifier));
        if (target.startsWith("src/engine/") && !/^src\/engine\/(index|internal)\.ts$/.test(target)) {
          deep.push(`${file} imports ${target}`);
        }
      }
    }
    expect(deep).toEqual([]);
  });

  it("layers - the local Discord package imports nothing outside itself - packages/local-discord", () => {
    const outside: string[] = [];
    for (const file of [...sourceFiles("packages/local-discord/src"), ...sourceFiles("packages/local-discord/test")]) {
      for (const specifier of importsOf(readFileSync(join(ROOT, file), "utf8"))) {
        const target = relative(ROOT, resolve(ROOT, dirname(file), specifier));
        if (!target.startsWith("packages/local-discord/")) outside.push(`${file} imports ${target}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it("layers - the bot reaches the local Discord only through its package name - src, test and bench", () => {
    const deep: string[] = [];
    for (const file of [...files, ...sourceFiles("test"), ...sourceFiles("bench")]) {
      const text = readFileSync(join(ROOT, file), "utf8");
      for (const specifier of importsOf(text)) {
        if (relative(ROOT, resolve(ROOT, dirname(file), specifier)).startsWith("packages/"))
          deep.push(`${file}: ${specifier}`);
      }
      for (const match of text.matchAll(/["']@nickar\/local-discord\/[^"']*["']/g)) deep.push(`${file}: ${match[0]}`);
    }
    expect(deep).toEqual([]);
  });

  it("layers - the import scanner finds static, type-only and dynamic imports - a sample text", () => {
    const sample = `import { a } from "../engine/index.ts";\nimport type { B } from "./b.ts";\nexport { c } from "../c.ts";\nconst d = await import("../render/index.ts");\nimport "./side-effect.ts";\nimport x from "discord.js";`;
    expect(importsOf(sample)).toEqual([
      "../engine/index.ts",
      "./b.ts",
      "../c.ts",
      "../render/index.ts",
      "./side-effect.ts",
    ]);
  });
});
