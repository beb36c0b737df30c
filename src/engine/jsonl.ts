/** One request of the engine tool (docs/rules.md section 5) -> its answer object. Pure, so tests call it directly. */
import { fromPosition, type GameState, replay } from "./game.ts";
import { START_POSITION } from "./notation.ts";
import { isRulesetId } from "./rulesets.ts";
import type { EngineErrorCode, Player, Position } from "./types.ts";

export type EngineAnswer =
  | {
      pits: number[];
      stores: [number, number];
      toMove: Player | null;
      over: boolean;
      winner: Player | null;
      reason: string | null;
      legal: number[];
    }
  | { error: string; ply?: number };

/** Why a request was refused: the engine's error code, or `request/malformed` for a line that is no request. */
export type RequestErrorCode = EngineErrorCode | "request/malformed";

/** A request evaluated: the final state, or why it failed (with the tool's message and the failing ply). */
export type Evaluated =
  | { readonly ok: true; readonly state: GameState }
  | { readonly ok: false; readonly code: RequestErrorCode; readonly message: string; readonly ply?: number };

/** Evaluates one request line; answerRequest writes the result in the tool's JSON form. */
export function evaluateRequest(line: string): Evaluated {
  const refuse = (code: RequestErrorCode, message: string, ply?: number): Evaluated =>
    ply === undefined ? { ok: false, code, message } : { ok: false, code, message, ply };
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return refuse("request/malformed", "malformed JSON");
  }
  if (typeof request !== "object" || request === null || Array.isArray(request)) {
    return refuse("request/malformed", "a request must be a JSON object");
  }
  const { ruleset, position, moves } = request as { ruleset?: unknown; position?: unknown; moves?: unknown };
  if (!isRulesetId(ruleset)) return refuse("ruleset/unknown", `unknown ruleset ${JSON.stringify(ruleset ?? null)}`);
  const start = fromPosition(ruleset, (position ?? START_POSITION) as Position);
  if (!start.ok) return refuse(start.error.code, `invalid position: ${start.error.message}`);
  if (moves !== undefined && moves !== null && !Array.isArray(moves)) {
    return refuse("request/malformed", "moves must be an array");
  }
  const list: unknown[] = moves ?? [];
  // replay refuses anything that is not a whole number 1..6 with move/not-a-house.
  const replayed = replay(start.value, list as number[]);
  if (replayed.ok) return { ok: true, state: replayed.value };
  const { ply, error } = replayed;
  const move = list[ply];
  return error.code === "move/not-a-house"
    ? refuse(error.code, `move ${JSON.stringify(move)} at ply ${ply} is not a house number 1..6`, ply)
    : refuse(error.code, `move ${move} at ply ${ply} is illegal (${error.code})`, ply);
}

export function answerRequest(line: string): EngineAnswer {
  const evaluated = evaluateRequest(line);
  if (!evaluated.ok) {
    return evaluated.ply === undefined
      ? { error: evaluated.message }
      : { error: evaluated.message, ply: evaluated.ply };
  }
  const { position, outcome, legalMoves } = evaluated.state;
  return {
    pits: [...position.pits],
    stores: [position.stores[0], position.stores[1]],
    toMove: outcome.over ? null : position.toMove,
    over: outcome.over,
    winner: outcome.over ? outcome.winner : null,
    reason: outcome.over ? outcome.reason : null,
    legal: [...legalMoves],
  };
}
