/**
 * The layers of docs/architecture.md ("The layers"): imports (type-only ones too) run only downwards. Each
 * source file belongs to the first layer whose path it starts with; it may import its own layer and
 * the layers listed before it, except that the engine imports nothing else, the computer opponent
 * (src/ai) and the renderer only the engine, and the puzzles (src/puzzles) only the engine and src/ai. The stand-in Discord is a package of its own (packages/local-discord):
 * the bot reaches it only by its name, and it reaches nothing outside its folder.
 * A folder in no layer fails the test: place it in LAYERS (and in docs/architecture.md) when you add one.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

interface Layer {
  /** Path prefixes under the repository root. */
  readonly paths: readonly string[];
  /** When set, the only other layers it may import (by their first path); else every layer above it in the list. */
  readonly only?: readonly string[];
}

const LAYERS: readonly Layer[] = [
  { paths: ["src/engine/"], only: [] },
  { paths: ["src/ai/"], only: ["src/engine/", "src/workers/"] },
  { paths: ["src/workers/"], only: [] },
  { paths: ["src/puzzles/"], only: ["src/engine/", "src/ai/"] },
  { paths: ["src/i18n/"], only: ["src/engine/"] },
  { paths: ["src/render/"], only: ["src/engine/", "src/workers/", "src/i18n/"] },
  { paths: ["src/clock.ts", "src/logger.ts"], only: [] },
  { paths: ["src/tournaments/"], only: [] },
  { paths: ["src/errors.ts"], only: ["src/engine/", "src/i18n/"] },
  { paths: ["src/db/"] },
  { paths: ["src/games/"] },
  { paths: ["src/ladders/"] },
  { paths: ["src/practice/"] },
  { paths: ["src/present/"] },
  { paths: ["src/interactions/"] },
  { paths: ["src/commands/"] },
  { paths: ["src/app.ts"] },
  { paths: ["src/discord/"] },
  { paths: ["src/config.ts"] },
  { paths: ["src/bin/"] },
];

const ROOT = resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

function layerOf(path: string): number {
  return LAYERS.findIndex((layer) => layer.paths.some((p) => path === p || path.startsWith(p)));
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
        const allowed = only ? to >= 0 && only.includes(LAYERS[to].paths[0]) : to >= 0 && to < from;
        if (!allowed) upward.push(`${file} imports ${target}`);
      }
    }
    expect(upward).toEqual([]);
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
