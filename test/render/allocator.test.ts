import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/**
 * The huge-page option mimalloc (inside the canvas library) starts with, in a fresh process that
 * imports `module` first and then uses the library. mimalloc prints its options when verbose.
 */
function allowThpAfterImporting(module: string): string | undefined {
  const env: NodeJS.ProcessEnv = { ...process.env, MIMALLOC_VERBOSE: "1" };
  delete env.MIMALLOC_ALLOW_THP;
  const script = `await import(${JSON.stringify(module)}); (await import("@napi-rs/canvas")).createCanvas(2, 2).data();`;
  const result = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: ROOT,
    env,
    encoding: "utf8",
  });
  return /option 'allow_thp': (\d+)/.exec(`${result.stdout}${result.stderr}`)?.[1];
}

describe("canvas allocator options", () => {
  it("canvas library - imported only through src/render/canvas.ts - every source file", () => {
    const direct = sourceFiles("src").filter(
      (file) =>
        file !== "src/render/canvas.ts" &&
        /^\s*(import|export)\s[^;]*from\s+"@napi-rs\/canvas"/m.test(readFileSync(join(ROOT, file), "utf8")),
    );
    expect(direct).toEqual([]);
  });

  it("canvas.ts - the library's allocator starts without transparent huge pages - a fresh process", () => {
    expect(allowThpAfterImporting(join(ROOT, "src/render/canvas.ts"))).toBe("0");
    // The library's own default, which the option changes.
    expect(allowThpAfterImporting("node:os")).toBe("1");
  });
});
