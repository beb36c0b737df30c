/**
 * Refutations (docs/puzzles.md, "Refutations"): every shipped puzzle has one for each legal wrong move at
 * each solver's move, each a legal line ending on the opponent's move or the game's end; a fixed sample
 * and the puzzle issue 33 named are found again by the search; a changed line is refused. Every one of
 * them is re-checked by `npm run -s puzzles -- --verify`.
 */
import { describe, expect, it } from "vitest";
import type { CoreGame } from "../../../src/engine/core.ts";
import { RULESET_IDS } from "../../../src/engine/index.ts";
import { naturalWrong, REFUTE_PLIES, refute, verifyRefutation } from "../../../src/puzzles/core/refute.ts";
import { loadStarterPuzzles } from "../../../src/puzzles/core/starter.ts";
import type { Puzzle } from "../../../src/puzzles/core/types.ts";
import { gameOf } from "../../../src/puzzles/core/verify.ts";

/** The game at the solution's `step`. */
function at(puzzle: Puzzle, step: number): CoreGame {
  const game = gameOf(puzzle);
  for (const move of puzzle.solution.slice(0, step)) game.play(move);
  return game;
}

describe("puzzle refutations", () => {
  const all = loadStarterPuzzles();

  it("starter set - one refutation per legal wrong move at each solver's move - legal lines ending on the opponent's move or the game's end", () => {
    for (const p of all) {
      const solver = gameOf(p).toMove;
      const expected: string[] = [];
      p.solution.forEach((move, step) => {
        const game = at(p, step);
        if (game.toMove === solver) for (const h of game.legalHouses()) if (h !== move) expected.push(`${step}:${h}`);
      });
      expect(p.refutations.map((r) => `${r.step}:${r.line[0]}`).sort(), p.id).toEqual(expected.sort());
      for (const { step, line } of p.refutations) {
        const game = at(p, step);
        let lastMover = game.toMove;
        for (const move of line) {
          expect(game.over, p.id).toBe(false);
          expect(game.illegalReason(move), `${p.id} ${line.join("")}`).toBeNull();
          lastMover = game.toMove;
          game.play(move);
        }
        expect(line.length).toBeLessThanOrEqual(1 + REFUTE_PLIES);
        if (!game.over) expect(lastMover, `${p.id} ${line.join("")}`).not.toBe(solver);
      }
    }
  });

  // One per ruleset, spread over the files, and the puzzle issue 33 named for its bigger capture.
  const sample = [
    ...RULESET_IDS.map((r, i) => all.filter((p) => p.ruleset === r)[i * 29]),
    all.find((p) => p.id === "62e11923d3e5")!,
  ];

  it.each(sample.map((p) => [p.ruleset, p.id, p] as const))(
    "starter set - every refutation found again by the search - %s %s",
    (_ruleset, _id, puzzle) => {
      for (const refutation of puzzle.refutations)
        expect(verifyRefutation(puzzle, puzzle.solution, refutation)).toMatchObject({ ok: true });
    },
    60_000,
  );

  it("speightstown 62e11923d3e5 - the bigger capture (b takes 3 where e takes 2) - refuted by a line that ends behind the solution", () => {
    const p = all.find((x) => x.id === "62e11923d3e5")!;
    const game = gameOf(p);
    const solver = game.toMove;
    expect(naturalWrong(game, 2, 5)).toBe(true);
    const refutation = p.refutations.find((r) => r.step === 0 && r.line[0] === 2)!;
    const lead = (g: CoreGame) => g.stores[solver] - g.stores[1 - solver];
    const start = lead(game);
    const solved = game.clone();
    solved.play(5);
    for (const move of refutation.line) game.play(move);
    // The solution is 2 seeds up at once; the bigger capture's line ends below that.
    expect(lead(solved) - start).toBe(2);
    expect(lead(game) - start).toBeLessThan(2);
  });

  it("verifyRefutation - refused - a line cut short, a line changed, the solution's own move", () => {
    const p = all.find((x) => x.id === "62e11923d3e5")!;
    const long = p.refutations.find((r) => r.line.length > 2)!;
    expect(verifyRefutation(p, p.solution, { ...long, line: long.line.slice(0, -1) })).toMatchObject({ ok: false });
    const other = gameOf(p);
    for (const move of long.line.slice(0, 1)) other.play(move);
    const changed = other.legalHouses().find((h) => h !== long.line[1])!;
    expect(verifyRefutation(p, p.solution, { ...long, line: [long.line[0], changed] })).toMatchObject({ ok: false });
    expect(verifyRefutation(p, p.solution, { step: 0, line: [p.solution[0], 1] })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("solution's move"),
    });
  });

  it("refute - a puzzle's refutations - what the shipped file holds (the same search, the same lines)", () => {
    const p = all.find((x) => x.id === "438c67ef4394")!;
    expect(refute(p, p.solution).refutations).toEqual(p.refutations);
  }, 60_000);
});
