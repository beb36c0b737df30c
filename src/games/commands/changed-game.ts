/** The answer of a slash command that changed a game (move, resign, abort, the admins' void and cancel). */
import type { HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import type { GameSnapshot } from "../snapshot.ts";
import { type GameChange, updateGame } from "../views/game-updates.ts";

/**
 * After a slash command changed a game: bring its message up to date, tell the player to move after
 * a move and both players when the command ended it (`change`, see `GameChange`; a series' next game
 * is posted), and `answer` privately.
 */
export function changedGame(
  ctx: HandlerContext,
  game: GameSnapshot,
  answer: string,
  change: Omit<GameChange, "reply"> = {},
): Response {
  const { edits, posts, notices } = updateGame(ctx, game, change);
  return { mode: "reply", reply: { content: answer, ephemeral: true }, edits, posts, notices };
}
