/**
 * The shipped starter set, `data/puzzles/<ruleset>.jsonl`: one puzzle a line, as puzzleLine writes it
 * (the Puzzle's fields plus `position`, the puzzle's position string, for people and other programs).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  CoreGame,
  formatPosition,
  isRulesetId,
  RULESET_IDS,
  type RulesetId,
  START_POSITION,
} from "../../engine/internal.ts";
import { puzzleId } from "./find.ts";
import { type Puzzle, type Refutation, THEMES, type Theme } from "./types.ts";

/** The folder of the starter set. */
export const STARTER_DIR = fileURLToPath(new URL("../../../data/puzzles/", import.meta.url));

export function starterFile(ruleset: RulesetId): string {
  return `${STARTER_DIR}${ruleset}.jsonl`;
}

/** The position string (formatPosition) of a puzzle: after its moves, the solver to move. */
export function puzzlePosition(puzzle: Pick<Puzzle, "ruleset" | "moves">): string {
  const game = CoreGame.fromPosition(puzzle.ruleset, START_POSITION);
  for (const move of puzzle.moves) game.play(move);
  return formatPosition(game.position());
}

/** A puzzle as one JSON line (no newline). */
export function puzzleLine(puzzle: Puzzle): string {
  const { id, ruleset, moves, solution, solverMoves, themes, refutations, rating, source } = puzzle;
  const position = puzzlePosition(puzzle);
  const refuted = refutations.map(({ step, line }) => ({ step, line }));
  return JSON.stringify({
    id,
    ruleset,
    position,
    moves,
    solution,
    solverMoves,
    themes,
    refutations: refuted,
    rating,
    source,
  });
}

const houses = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((h) => Number.isInteger(h) && h >= 1 && h <= 6);

/** A file's refutations (a file made before them has none); throws on a malformed one. */
function parseRefutations(value: unknown, solution: readonly number[]): Refutation[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Error("bad refutations");
  return value.map((r: Record<string, unknown>) => {
    const { step, line } = r ?? {};
    if (!Number.isInteger(step) || (step as number) < 0 || (step as number) >= solution.length)
      throw new Error("bad refutation step");
    if (!houses(line) || line.length === 0) throw new Error("bad refutation line");
    return { step: step as number, line };
  });
}

/** Reads one line of a puzzle file; throws on anything malformed (the id must match the moves). */
export function parsePuzzleLine(line: string): Puzzle {
  const data = JSON.parse(line) as Record<string, unknown>;
  const { id, ruleset, moves, solution, solverMoves, themes, refutations, rating, source } = data;
  if (typeof ruleset !== "string" || !isRulesetId(ruleset)) throw new Error(`unknown ruleset ${String(ruleset)}`);
  if (!houses(moves) || !houses(solution) || solution.length === 0) throw new Error("bad moves or solution");
  if (id !== puzzleId(ruleset, moves)) throw new Error(`id ${String(id)} does not match its moves`);
  if (!Number.isInteger(solverMoves) || !Number.isFinite(rating)) throw new Error("bad solverMoves or rating");
  if (!Array.isArray(themes) || !themes.every((t) => (THEMES as readonly string[]).includes(t)))
    throw new Error("bad themes");
  const s = source as Record<string, unknown> | undefined;
  const parsedSource =
    s?.kind === "starter" && Number.isInteger(s.seed)
      ? ({ kind: "starter", seed: s.seed as number } as const)
      : s?.kind === "game" && typeof s.gameId === "string"
        ? ({ kind: "game", gameId: s.gameId } as const)
        : null;
  if (!parsedSource) throw new Error("bad source");
  return {
    id,
    ruleset,
    moves,
    solution,
    solverMoves: solverMoves as number,
    themes: themes as Theme[],
    refutations: parseRefutations(refutations, solution),
    rating: rating as number,
    source: parsedSource,
  };
}

/** The starter set of one ruleset (empty when its file is missing), or of all six. */
export function loadStarterPuzzles(ruleset?: RulesetId): Puzzle[] {
  const rulesets = ruleset ? [ruleset] : RULESET_IDS;
  return rulesets.flatMap((r) => {
    let text: string;
    try {
      text = readFileSync(starterFile(r), "utf8");
    } catch {
      return [];
    }
    return text
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map(parsePuzzleLine);
  });
}
