/**
 * `/nickar forget-me`'s answer, `fm:<user>:y` (Forget me) or `fm:<user>:n` (Keep my data): only for
 * the player who asked; the roles Nickar gave them taken back first; the boards of the games that forgetting resigned are brought up to date, and their
 * opponents told by each game's ending notice.
 */

import { UserError } from "../../errors.ts";
import { gameMessage } from "../../games/views/game-message.ts";
import { gameMessageEdits, noticesAfter } from "../../games/views/game-updates.ts";
import type { ButtonKind } from "../../interactions/buttons/kind.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { tournamentFollowUps } from "../../tournaments/views/tournament-posts.ts";
import { forgottenReply, keptReply } from "../views/forget.ts";
import { type ForgetButtonId, forgetId } from "./forget-id.ts";

async function answered(ctx: HandlerContext, id: ForgetButtonId): Promise<Response> {
  if (id.userId !== ctx.userId) throw new UserError("forget/not-yours");
  if (!id.confirm) return { mode: "update", reply: keptReply(ctx.t) };
  // The roles Nickar gave them go first: once forgotten, nothing says which were Nickar's to take back.
  const forgotten = await ctx.app.rolesTakenBack(ctx.userId, () => ctx.app.forget.forget(ctx.userId));
  const games = forgotten.resignedGames.flatMap((gameId) => ctx.app.games.get(gameId) ?? []);
  const edits = games.flatMap((game) => gameMessageEdits(game, gameMessage(ctx.app, game)));
  // Each resigned game's notice gives way to its ending, which tells the opponent (never the placeholder
  // that took the forgotten player's place: no account has that id).
  const notices = games
    .flatMap((game) => noticesAfter(ctx.app, game, { moved: true }))
    .map((notice) => ({ ...notice, users: notice.users.filter((id) => id !== forgotten.placeholder) }));
  // A tournament round that a resignation ended is paired now: its pairings and boards, or the final standings.
  const tournament = games.map((game) => tournamentFollowUps(ctx.app, game));
  return {
    mode: "update",
    reply: forgottenReply(forgotten, ctx.t),
    edits: [...edits, ...tournament.flatMap((t) => t.edits)],
    posts: tournament.flatMap((t) => t.posts),
    notices,
  };
}

export const forget: ButtonKind<ForgetButtonId> = {
  ...forgetId,
  handle: answered,
};
