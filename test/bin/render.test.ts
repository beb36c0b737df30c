import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PNG } from "pngjs";
import { afterAll, describe, expect, it } from "vitest";
import { decodeGif } from "../render/gif-decode.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TSX = join(ROOT, "node_modules/.bin/tsx");

function render(...args: string[]) {
  return spawnSync(TSX, ["src/bin/render.ts", ...args], { cwd: ROOT, encoding: "utf8" });
}

describe("render cli", () => {
  const dir = mkdtempSync(join(tmpdir(), "nickar-render-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("render cli - writes the final position as PNG - three moves", () => {
    const out = join(dir, "board.png");
    const run = render("--ruleset", "abapa", "--moves", "3,5,1", "--out", out);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const png = PNG.sync.read(readFileSync(out));
    expect([png.width, png.height]).toEqual([800, 420]);
  });

  it("render cli - writes the last move as GIF - from a position string", () => {
    const out = join(dir, "move.gif");
    const run = render(
      "--ruleset",
      "haiti",
      "--position",
      "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
      "--moves",
      "4",
      "--out",
      out,
    );
    expect(run.status).toBe(0);
    const gif = decodeGif(readFileSync(out));
    expect(gif.frames.length).toBeGreaterThan(3);
  });

  const bad: [string, string[], RegExp][] = [
    ["unknown ruleset", ["--ruleset", "chess", "--out", "x.png"], /unknown ruleset "chess"/],
    [
      "illegal move",
      ["--ruleset", "abapa", "--moves", "3,1,3", "--out", "x.png"],
      /illegal move 3 \(move 3.*house 3 is empty/,
    ],
    ["not a house", ["--ruleset", "abapa", "--moves", "7", "--out", "x.png"], /illegal move 7.*not a house number/],
    ["missing --out", ["--ruleset", "abapa", "--moves", "3"], /missing --out/],
    ["bad extension", ["--ruleset", "abapa", "--out", "x.jpg"], /must end in \.png or \.gif/],
    ["bad position", ["--ruleset", "abapa", "--position", "4-4-4", "--out", "x.png"], /--position/],
    ["GIF without a move", ["--ruleset", "abapa", "--out", "x.gif"], /give at least one move/],
    ["unknown option", ["--ruleset", "abapa", "--colour", "red", "--out", "x.png"], /--colour/],
  ];
  for (const [name, args, message] of bad) {
    it(`render cli - exits 2 with a message - ${name}`, () => {
      // Output names point into the temporary folder, in case a bad case were accepted after all.
      const run = render(...args.map((a) => (/^x\.\w+$/.test(a) ? join(dir, a) : a)));
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(message);
    });
  }
});
