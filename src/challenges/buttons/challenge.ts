/**
 * The challenge's buttons, `c:<challengeId>:<action>`: Accept (the board takes the challenge's place),
 * Decline (a ladder challenge asks first: declining it is a loss on the ladder), the confirmation of
 * that, and Cancel (the challenger's).
 */

import { gameMessage } from "../../games/views/game-message.ts";
import { turnNotice } from "../../games/views/game-notices.ts";
import { term, user } from "../../i18n/index.ts";
import { noteText } from "../../i18n/note.ts";
import type { ButtonKind } from "../../interactions/buttons/kind.ts";

export type { ChallengeAction } from "./challenge-id.ts";

import type { HandlerContext } from "../../interactions/context.ts";
import { requireChannelPermissions } from "../../interactions/permissions.ts";
import type { Response } from "../../interactions/reply.ts";
import { confirmation } from "../../interactions/views/parts.ts";
import { challengeReply } from "../views/challenge.ts";
import { type ChallengeButtonId, challengeId } from "./challenge-id.ts";

function accept(ctx: HandlerContext, id: ChallengeButtonId): Response {
  // A permission taken away since the challenge: say so now, before the game starts.
  requireChannelPermissions(ctx);
  const { game, note } = ctx.app.challenges.accept(id.challengeId, ctx.userId);
  const { row } = game;
  const start = ctx.tServer(row.seriesId ? "game:challenge.seriesOn" : "game:challenge.gameOn");
  // The board takes the place of the challenge message; the first player is told by a notice.
  const board = ctx.messageId ? { channelId: ctx.channelId, messageId: ctx.messageId } : undefined;
  return {
    mode: "update",
    reply: gameMessage(ctx.app, game, `${start}${note ? ` ${noteText(ctx.tServer, note)}` : ""}`),
    bind: { kind: "game", id: row.id },
    notices: [turnNotice(game, ctx.tServer, board)],
  };
}

function decline(ctx: HandlerContext, id: ChallengeButtonId): Response {
  const { challenges } = ctx.app;
  const challenge = challenges.get(id.challengeId);
  // Declining a ladder challenge is a loss on the ladder: ask first, as Resign does.
  if (challenge?.kind === "ladder" && challenge.status === "pending" && challenge.opponentId === ctx.userId) {
    return declineQuestion(ctx, id);
  }
  return { mode: "update", reply: challengeReply(challenges.decline(id.challengeId, ctx.userId), ctx.tServer) };
}

/** The question before declining a ladder challenge: what it costs, and a button to confirm. */
function declineQuestion(ctx: HandlerContext, id: ChallengeButtonId): Response {
  const challenge = ctx.app.challenges.get(id.challengeId);
  const challenger = challenge ? user(challenge.challengerId) : term("game:ladderDecline.theChallenger");
  const question = ctx.t("game:ladderDecline.question", { challenger });
  const confirm = { ...id, action: "confirm-decline" as const };
  const reply = confirmation(question, confirm, ctx.t("game:ladderDecline.confirm"));
  return { mode: "reply", reply: { ...reply, mentions: [] } };
}

/** The ladder decline confirmed (on the ephemeral question): the challenge's own message says so. */
function declineConfirmed(ctx: HandlerContext, id: ChallengeButtonId): Response {
  const declined = ctx.app.challenges.decline(id.challengeId, ctx.userId);
  const ref = declined.messageId ? { channelId: declined.channelId, messageId: declined.messageId } : null;
  return {
    mode: "update",
    reply: { content: ctx.t("game:ladderDecline.done"), components: [] },
    edits: ref ? [{ ref, reply: challengeReply(declined, ctx.tServer) }] : [],
  };
}

export const challenge: ButtonKind<ChallengeButtonId> = {
  ...challengeId,
  handle: (ctx, id) => {
    switch (id.action) {
      case "accept":
        return accept(ctx, id);
      case "decline":
        return decline(ctx, id);
      case "confirm-decline":
        return declineConfirmed(ctx, id);
      case "cancel":
        return {
          mode: "update",
          reply: challengeReply(ctx.app.challenges.cancel(id.challengeId, ctx.userId), ctx.tServer),
        };
    }
  },
};
