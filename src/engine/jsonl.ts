/** One request of the engine tool (RULES.md section 5) -> its answer object. Pure, so tests call it directly. */
import { CoreGame } from "./core.ts";
import { START_POSITION, validatePosition } from "./notation.ts";
import { isRulesetId } from "./rulesets.ts";
import type { Player } from "./types.ts";

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

export function answerRequest(line: string): EngineAnswer {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return { error: "malformed JSON" };
  }
  if (typeof request !== "object" || request === null || Array.isArray(request)) {
    return { error: "a request must be a JSON object" };
  }
  const { ruleset, position, moves } = request as { ruleset?: unknown; position?: unknown; moves?: unknown };
  if (!isRulesetId(ruleset)) return { error: `unknown ruleset ${JSON.stringify(ruleset ?? null)}` };
  const start = validatePosition(ruleset, position ?? START_POSITION);
  if (!start.ok) return { error: `invalid position: ${start.error.message}` };
  if (moves !== undefined && moves !== null && !Array.isArray(moves)) return { error: "moves must be an array" };
  const game = CoreGame.fromPosition(ruleset, start.value);
  const list: unknown[] = moves ?? [];
  for (let ply = 0; ply < list.length; ply++) {
    const move = list[ply];
    if (typeof move !== "number" || !Number.isInteger(move) || move < 1 || move > 6) {
      return { error: `move ${JSON.stringify(move)} at ply ${ply} is not a house number 1..6`, ply };
    }
    const why = game.illegalReason(move);
    if (why) return { error: `move ${move} at ply ${ply} is illegal (${why})`, ply };
    game.play(move);
  }
  return {
    pits: Array.from(game.pits),
    stores: [game.stores[0], game.stores[1]],
    toMove: game.over ? null : game.toMove,
    over: game.over,
    winner: game.winner,
    reason: game.reason,
    legal: game.legalHouses(),
  };
}
