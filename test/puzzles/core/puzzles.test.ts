/**
 * Puzzles (docs/puzzles.md): the uniqueness judge on planted positions, a puzzle mined from a game played
 * here, the starter set's files, a fixed sample of it re-verified by the engine, and its reproducibility.
 * All of them (every shipped puzzle) are re-verified by `npm run -s bench:puzzles`.
 */
import { describe, expect, it } from "vitest";
import { createAiPool } from "../../../src/ai/pool.ts";
import { think } from "../../../src/ai/think.ts";
import { CoreGame } from "../../../src/engine/core.ts";
import { RULESET_IDS, START_POSITION } from "../../../src/engine/index.ts";
import type { Position } from "../../../src/engine/types.ts";
import { findPuzzles, MISTAKE_SEEDS, puzzleId } from "../../../src/puzzles/core/find.ts";
import { generatePuzzlesWith, type MinedGame } from "../../../src/puzzles/core/generate.ts";
import { GENERATE_WORKER, type GenerateGameTask } from "../../../src/puzzles/core/generate-worker.ts";
import { loadStarterPuzzles, parsePuzzleLine, puzzleLine, puzzlePosition } from "../../../src/puzzles/core/starter.ts";
import { themesOf } from "../../../src/puzzles/core/themes.ts";
import type { Puzzle } from "../../../src/puzzles/core/types.ts";
import {
  gameOf,
  judge,
  MARGIN_SEEDS,
  MAX_SOLVER_MOVES,
  solveLine,
  verifyLine,
  verifyPuzzle,
} from "../../../src/puzzles/core/verify.ts";
import mineTask from "../../../src/puzzles/core/worker.ts";

/** abapa, South to move with 23 seeds: house 6 captures 2 (pit 6) and house 5 captures 4 (pits 7 and 6): both reach 25. */
const TWO_WINS: Position = { pits: [0, 0, 0, 0, 3, 1, 1, 1, 0, 0, 1, 0], stores: [23, 18], toMove: 0 };
/** The same with pit 7 empty: only house 6 captures (2, reaching 25); house 5 ends in the empty pit. */
const ONE_WIN: Position = { pits: [0, 0, 0, 0, 3, 1, 1, 0, 0, 0, 1, 0], stores: [23, 19], toMove: 0 };

describe("puzzles - the judge", () => {
  it("judge - two equally good moves - rejected (two captures that both reach 25)", () => {
    const j = judge(CoreGame.fromPosition("abapa", TWO_WINS));
    expect(j.values[4]).toBe(j.values[5]);
    expect(j.gap).toBeLessThan(MARGIN_SEEDS);
    expect(j.unique).toBe(false);
    const line = solveLine({ ruleset: "abapa", start: TWO_WINS, moves: [] });
    expect(line.ok).toBe(false);
    if (!line.ok) expect(line.reason).toMatch(/not unique/);
  });

  it("judge - one winning move - found, verified and tagged (the 25th seed)", () => {
    const spec = { ruleset: "abapa" as const, start: ONE_WIN, moves: [] };
    const line = solveLine(spec);
    expect(line.ok).toBe(true);
    if (!line.ok) return;
    expect(line.line.solution).toEqual([6]);
    expect(line.line.cashIn).toBe("game-won");
    expect(verifyLine(spec, line.line.solution).ok).toBe(true);
    expect(themesOf(spec, line.line.solution)).toEqual(["capture", "twenty-five", "endgame"]);
    // Another first move, or a line ending with the opponent's move, is refused.
    expect(verifyLine(spec, [5]).ok).toBe(false);
  });
});

/** A game made here: the expert (20,000 nodes a move) as South against the easy level, seeded (25 plies, two puzzles). */
function testGame(): number[] {
  const game = CoreGame.fromPosition("abapa", START_POSITION);
  const moves: number[] = [];
  for (let ply = 0; !game.over && ply < 200; ply++) {
    const level = game.toMove === 0 ? "expert" : "easy";
    const move = think({ ruleset: "abapa", moves, level, ms: level === "expert" ? 20 : 300, seed: 9200 + ply }).best;
    game.play(move);
    moves.push(move);
  }
  return moves;
}

describe("puzzles - mining a game", () => {
  const moves = testGame();

  it("findPuzzles - a finished game made in the test - its puzzles found and re-verified", () => {
    const found = findPuzzles("abapa", moves, { source: { kind: "game", gameId: "test-1" } });
    expect(found.complete).toBe(true);
    expect(found.puzzles.length).toBeGreaterThan(0);
    expect(found.nodes).toBeGreaterThan(found.scanNodes);
    for (const puzzle of found.puzzles) {
      expect(puzzle.source).toEqual({ kind: "game", gameId: "test-1" });
      expect(puzzle.id).toBe(puzzleId("abapa", puzzle.moves));
      expect(moves.slice(0, puzzle.moves.length)).toEqual(puzzle.moves);
      expect(puzzle.solverMoves).toBeGreaterThanOrEqual(1);
      expect(puzzle.solverMoves).toBeLessThanOrEqual(MAX_SOLVER_MOVES);
      expect(verifyPuzzle(puzzle)).toMatchObject({ ok: true });
    }
  });

  it("findPuzzles - the game's analysis given - the mistakes read from it, no scan", () => {
    // What an analysis stores: the expert's score of every position before the end.
    const evaluations = moves.map((_, k) => ({
      score: think({ ruleset: "abapa", moves: moves.slice(0, k), level: "expert", ms: 20, seed: 1 }).score,
    }));
    const found = findPuzzles("abapa", moves, { source: { kind: "game", gameId: "test-1" }, evaluations });
    expect(found.scanNodes).toBe(0);
    expect(found.puzzles.length).toBeGreaterThan(0);
    for (const puzzle of found.puzzles) expect(verifyPuzzle(puzzle).ok).toBe(true);
  });

  it("mineTask - a node budget - stops early and says so (the worker's task)", () => {
    const found = mineTask({ ruleset: "abapa", moves, gameId: "test-1", maxNodes: 50_000 });
    expect(found.complete).toBe(false);
    expect(found.nodes).toBeLessThan(200_000);
  });

  it("verifyPuzzle - a changed solution - refused with a reason", () => {
    const found = findPuzzles("abapa", moves, { source: { kind: "game", gameId: "test-1" } });
    const puzzle = found.puzzles[0];
    const game = gameOf({ ruleset: "abapa", moves: puzzle.moves });
    const other = game.legalHouses().find((h) => h !== puzzle.solution[0]) as number;
    const verdict = verifyPuzzle({ ...puzzle, solution: [other] });
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toMatch(/prefers/);
    expect(MISTAKE_SEEDS).toBe(MARGIN_SEEDS);
  });
});

describe("puzzles - the starter set", () => {
  const all = loadStarterPuzzles();

  it("starter set - every file parses, one id each - six rulesets", () => {
    for (const ruleset of RULESET_IDS) {
      const puzzles = loadStarterPuzzles(ruleset);
      expect(puzzles.length, ruleset).toBeGreaterThan(0);
      expect(new Set(puzzles.map((p) => p.id)).size).toBe(puzzles.length);
      expect(new Set(puzzles.map((p) => puzzlePosition(p))).size).toBe(puzzles.length);
      for (const p of puzzles) {
        expect(p.ruleset).toBe(ruleset);
        expect(parsePuzzleLine(puzzleLine(p))).toEqual(p);
        expect(p.source).toEqual({ kind: "starter", seed: 1 });
      }
    }
  });

  // A fixed sample, spread over each file; every puzzle is re-verified by bench/puzzles.ts.
  const sample: Puzzle[] = RULESET_IDS.flatMap((ruleset) => {
    const puzzles = all.filter((p) => p.ruleset === ruleset);
    return [0, 0.25, 0.5, 0.75, 1].map((f) => puzzles[Math.floor(f * (puzzles.length - 1))]).filter(Boolean);
  });

  it.each(sample.map((p) => [p.ruleset, p.id, p] as const))(
    "starter set - re-verified by the engine - %s %s",
    (_ruleset, _id, puzzle) => {
      expect(verifyPuzzle(puzzle)).toMatchObject({ ok: true });
    },
  );

  it("generatePuzzlesWith - the shipped seed, two games at once in the AI pool's threads - the shipped haiti puzzles again, in order", async () => {
    const shipped = loadStarterPuzzles("haiti").slice(0, 2);
    const pool = createAiPool({ threads: 2 });
    try {
      const run = (index: number) =>
        pool.runTask<GenerateGameTask, MinedGame>(GENERATE_WORKER, { ruleset: "haiti", seed: 1, index });
      const again = await generatePuzzlesWith({ ruleset: "haiti", seed: 1, count: 2 }, run, 2);
      expect(again.puzzles).toEqual(shipped);
    } finally {
      await pool.close();
    }
    // About 4 s alone; the AI pool's threads run below normal priority (as the bot's do), so another busy
    // process on the machine can starve them: a generous ceiling, the result is what is checked.
  }, 120_000);
});
