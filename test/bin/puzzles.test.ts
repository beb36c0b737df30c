/** The puzzles tool (`npm run -s puzzles`, docs/puzzles.md) through its real process. */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { loadStarterPuzzles, puzzlePosition } from "../../src/puzzles/core/starter.ts";
import { ALICE, GUILD, setup } from "../support/helpers.ts";

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

  it("puzzles tool - --export --db - a bot's puzzles with their current ratings - one rated try", async () => {
    const w = setup();
    try {
      const next = w.app.puzzles.next({ userId: ALICE, guildId: GUILD, ruleset: "abapa" });
      w.app.puzzles.giveUp(next.attempt.id, ALICE, 0);
      const rated = w.app.puzzles.puzzle(next.puzzle.id)!;
      const { stdout } = await run("npx", [
        "tsx",
        "src/bin/puzzles.ts",
        "--export",
        "--db",
        w.path,
        "--ruleset",
        "abapa",
      ]);
      const lines = stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(lines).toHaveLength(loadStarterPuzzles("abapa").length);
      const tried = lines.find((l) => l.id === rated.id);
      expect(tried).toMatchObject({
        rating: Math.round(rated.rating),
        attempts: 1,
        solves: 0,
        source: { kind: "starter" },
      });
      expect(tried.rating).not.toBe(next.puzzle.rating);
      expect(tried.position).toBe(puzzlePosition({ ruleset: "abapa", moves: tried.moves }));
    } finally {
      w.close();
    }
  });

  it("puzzles tool - an unknown option - usage and exit code 2", async () => {
    const failed = await run("npx", ["tsx", "src/bin/puzzles.ts", "--nonsense"]).catch((e) => e);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toMatch(/usage: puzzles --generate/);
  });
});
