/**
 * The Rematcher: Rematch (`g:…:rm`, on a finished game's board and ending notice) challenges the same
 * opponent again on the same terms, sides swapped; against Nickar the new game starts at once.
 */

import { opponent } from "../../engine/index.ts";
import { UserError } from "../../errors.ts";
import { gameButton } from "../../games/buttons/game-button.ts";
import { DEFAULT_LEVEL } from "../../games/computer.ts";
import { seatOf, userOf } from "../../games/snapshot.ts";
import { gameMessage } from "../../games/views/game-message.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { challengeReply } from "../views/challenge.ts";
import { rematchId } from "./rematch-id.ts";

function rematchOf(ctx: HandlerContext, gameId: string): Response {
  const game = ctx.app.games.find(gameId);
  const seat = seatOf(game.row, ctx.userId);
  if (seat === null) throw new UserError("rematch/not-yours");
  if (game.row.status === "active") throw new UserError("game/not-over");
  // A board posted before tournament games lost their Rematch button may still carry one.
  if (game.row.tournamentId !== null) throw new UserError("rematch/tournament");
  const { row } = game;
  const opponentId = userOf(row, opponent(seat));
  const of = ctx.tServer("game:rematch.of", { id: row.id });
  // Sides swapped: whoever was North is South (and moves first) this time.
  const first = seat === 1 ? "me" : "them";
  if (ctx.app.computer.is(opponentId)) {
    // Against Nickar the rematch starts at once, as every game against it does.
    const next = ctx.app.challenges.playComputer(
      {
        guildId: row.guildId,
        channelId: ctx.channelId,
        challengerId: ctx.userId,
        opponent: null,
        ruleset: row.ruleset,
        first,
        timeLimit: row.timeLimit,
      },
      row.level ?? DEFAULT_LEVEL,
      opponentId,
    );
    return { mode: "reply", reply: gameMessage(ctx.app, next, of), bind: { kind: "game", id: next.row.id } };
  }
  const challenge = ctx.app.challenges.create({
    guildId: row.guildId,
    channelId: ctx.channelId,
    challengerId: ctx.userId,
    opponent: { id: opponentId, bot: false },
    ruleset: row.ruleset,
    first,
    timeLimit: row.timeLimit,
    rated: row.rated,
  });
  const reply = challengeReply(challenge, ctx.tServer);
  return {
    mode: "reply",
    reply: { ...reply, content: `${of}\n${reply.content}` },
    bind: { kind: "challenge", id: challenge.id },
  };
}

export const rematch = gameButton(rematchId, (ctx, id) => rematchOf(ctx, id.gameId));
