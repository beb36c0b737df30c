// The analysis report from stored engine answers: evaluations from South's side, the evaluation each
// move gave away, the marks by threshold, the engine's move at marked plies, and the per-player summary.
import { describe, expect, it } from "vitest";
import { newGame, replay } from "../../src/engine/index.ts";
import {
  buildReport,
  EVAL_CAP,
  markOf,
  type PositionEval,
  positionsToSearch,
  THRESHOLDS,
} from "../../src/games/analysis-report.ts";

function state(moves: number[]) {
  const r = replay(newGame("abapa"), moves);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const at = (score: number, best: number): PositionEval => ({ score, best, depth: 8 });

describe("analysis report", () => {
  it("marks - by the evaluation lost - each threshold and just below it", () => {
    expect(markOf(THRESHOLDS.inaccuracy - 0.01)).toBeNull();
    expect(markOf(THRESHOLDS.inaccuracy)).toBe("inaccuracy");
    expect(markOf(THRESHOLDS.mistake)).toBe("mistake");
    expect(markOf(THRESHOLDS.blunder - 0.01)).toBe("mistake");
    expect(markOf(THRESHOLDS.blunder)).toBe("blunder");
  });

  it("report - losses from each player's side and the engine's move - four plies, resigned after", () => {
    // Moves C, c, F, a (South, North, South, North); the game did not end on the board.
    const final = state([3, 3, 6, 1]);
    expect(positionsToSearch(final)).toBe(5);
    const positions = [
      at(0.5, 3), // South to move: +0.5 for South; plays C, the engine's move.
      at(-0.5, 2), // North to move: -0.5 for North = +0.5 for South; plays c instead of b.
      at(1, 4), // South to move: +1, so North's c lost 0.5 (from -0.5 to -1 for North); the engine plays D.
      at(7, 4), // North to move: North is +7, so South's F lost 1 + 7 = 8 -> blunder.
      at(-4, 1), // South to move: -4 for South. North's a (best was d) lost 7 - 4 = 3 -> mistake.
    ];
    const report = buildReport(final, positions);
    expect(report.evaluations).toEqual([0.5, 0.5, 1, -7, -4]);
    const plies = report.plies.map(({ ply, letter, loss, mark, best }) => ({ ply, letter, loss, mark, best }));
    expect(plies).toEqual([
      { ply: 1, letter: "C", loss: 0, mark: null, best: null },
      { ply: 2, letter: "c", loss: 0.5, mark: null, best: "b" },
      { ply: 3, letter: "F", loss: 8, mark: "blunder", best: "D" },
      { ply: 4, letter: "a", loss: 3, mark: "mistake", best: "d" },
    ]);
    expect(report.summary[0]).toEqual({ moves: 2, averageLoss: 4, inaccuracy: 0, mistake: 0, blunder: 1 });
    expect(report.summary[1]).toEqual({ moves: 2, averageLoss: 1.75, inaccuracy: 0, mistake: 1, blunder: 0 });
  });

  it("report - a proven result counts as the cap - a won position thrown away", () => {
    const final = state([3, 3]);
    // South was winning by force (a decisive score) and after C North is only slightly better.
    const report = buildReport(final, [at(9000, 1), at(1, 2), at(0, 1)]);
    expect(report.evaluations[0]).toBe(EVAL_CAP);
    expect(report.plies[0]).toMatchObject({ loss: EVAL_CAP + 1, mark: "blunder", best: "A" });
  });

  it("report - refused - fewer answers than positions", () => {
    expect(() => buildReport(state([3, 3]), [at(0, 1)])).toThrow(/incomplete/);
  });
});
