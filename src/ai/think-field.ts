/**
 * The engine tool's optional `think` field: `"think": {"level": "expert", "ms": 1000, "seed": 1}` (level
 * defaults to expert, ms to the level's budget, seed to none, book to true). The answer line then also
 * carries the search's "best", "score", "depth" and "nodes" ("best" and "score" null when the game is
 * over), and "book": true when the expert played the move from its opening book, as Nickar's own moves
 * do (`"book": false` asks for a search instead, as hints and analyses do).
 */

import type { EngineAnswer, Position, RulesetId } from "../engine/internal.ts";
import type { AiPool } from "./pool.ts";
import { isLevel, LEVELS, type Level } from "./types.ts";

export interface ThinkField {
  readonly level: Level;
  readonly ms?: number;
  readonly seed?: number;
  /** expert, from the standard start: play from the opening book when the position is in it (default true). */
  readonly book: boolean;
}

/** The request's think field: null when absent (or the line is not a JSON object), else the field or why it is bad. */
export function thinkField(line: string): ThinkField | { error: string } | null {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof request !== "object" || request === null || !("think" in request)) return null;
  const think = (request as { think: unknown }).think;
  if (think === undefined || think === null) return null;
  if (typeof think !== "object" || Array.isArray(think)) return { error: "think must be an object" };
  const {
    level = "expert",
    ms,
    seed,
    book = true,
  } = think as { level?: unknown; ms?: unknown; seed?: unknown; book?: unknown };
  if (!isLevel(level)) return { error: `think: unknown level ${JSON.stringify(level)} (${LEVELS.join(", ")})` };
  if (ms !== undefined && (typeof ms !== "number" || !(ms > 0) || ms > 600_000)) {
    return { error: "think: ms must be a number of milliseconds above 0 and at most 600000" };
  }
  if (seed !== undefined && (typeof seed !== "number" || !Number.isInteger(seed))) {
    return { error: "think: seed must be an integer" };
  }
  if (typeof book !== "boolean") return { error: "think: book must be true or false" };
  return { level, ms: ms as number | undefined, seed: seed as number | undefined, book };
}

/** The answer to a request with a think field. */
export async function thinkAnswer(
  line: string,
  answer: EngineAnswer,
  think: ThinkField | { error: string },
  pool: () => AiPool,
): Promise<object> {
  if ("error" in answer) return answer;
  if ("error" in think) return { error: think.error };
  if (answer.over) return { ...answer, best: null, score: null, depth: 0, nodes: 0 };
  const request = JSON.parse(line) as { ruleset: RulesetId; position?: Position; moves?: number[] };
  try {
    const result = await pool().think({
      ruleset: request.ruleset,
      start: request.position,
      moves: request.moves ?? [],
      level: think.level,
      ms: think.ms,
      seed: think.seed,
      book: think.book,
    });
    const searched = { best: result.best, score: result.score, depth: result.depth, nodes: result.nodes };
    return { ...answer, ...searched, ...(result.book && { book: true }) };
  } catch (error) {
    return { error: `think: ${error instanceof Error ? error.message : String(error)}` };
  }
}
