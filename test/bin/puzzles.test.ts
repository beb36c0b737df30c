/** The puzzles tool (`npm run -s puzzles`, docs/puzzles.md) through its real process. */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { loadStarterPuzzles, puzzlePosition } from "../../src/puzzles/starter.ts";

const run = promisify(execFile);

describe("puzzles tool", () => {
  it("puzzles tool - --export --ruleset - the shipped set as JSON lines", async () => {
    const { stdout } = await run("npx", ["tsx", "src/bin/puzzles.ts", "--export", "--ruleset", "wari"]);
    const lines = stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const shipped = loadStarterPuzzles("wari");
    expect(lines).toHaveLength(shipped.length);
    expect(lines[0]).toEqual({
      id: shipped[0].id,
      ruleset: "wari",
      position: puzzlePosition(shipped[0]),
      moves: shipped[0].moves,
      solution: shipped[0].solution,
      themes: shipped[0].themes,
      rating: shipped[0].rating,
    });
  });

  it("puzzles tool - an unknown option - usage and exit code 2", async () => {
    const failed = await run("npx", ["tsx", "src/bin/puzzles.ts", "--nonsense"]).catch((e) => e);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toMatch(/usage: puzzles --generate/);
  });
});
