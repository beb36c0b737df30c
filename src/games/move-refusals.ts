import type { EngineErrorCode } from "../engine/index.ts";
import type { ErrorCode } from "../errors.ts";

/** The refusal of a move the engine does not allow: its code is the error's (the `errors` catalogue has each). */
const MOVE_REFUSALS = {
  "move/not-a-house": "move/not-a-house",
  "move/empty-house": "move/empty-house",
  "move/must-feed": "move/must-feed",
  "move/grand-slam": "move/grand-slam",
  "move/single-seed": "move/single-seed",
  "move/game-over": "move/game-over",
} as const satisfies Partial<Record<EngineErrorCode, ErrorCode>>;

export function moveRefusal(code: EngineErrorCode): ErrorCode {
  const refusal = (MOVE_REFUSALS as Partial<Record<EngineErrorCode, ErrorCode>>)[code];
  if (!refusal) throw new Error(`the engine refused a move with ${code}`);
  return refusal;
}
