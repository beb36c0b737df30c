/**
 * Play on the board (`g:…:pb`): answered with Discord's LAUNCH_ACTIVITY (interaction callback type 12),
 * which opens the Activity (src/activity) for whoever pressed, in this channel: a player gets their game, a
 * spectator watches it. Nothing changes in the game, so an older board's button opens it just as well.
 */
import { UserError } from "../../errors.ts";
import { boardId } from "./board-id.ts";
import { gameButton } from "./game-button.ts";

export const board = gameButton(boardId, (ctx, id) => {
  // A message posted while the Activity was served keeps its button after it is turned off.
  if (!ctx.app.activity) throw new UserError("activity/off");
  ctx.app.games.find(id.gameId);
  ctx.app.launches.opened(ctx.userId, ctx.channelId, id.gameId);
  return { mode: "launch", reply: { content: "" } };
});
