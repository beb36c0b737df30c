/**
 * The Analyse button and `/nickar analyse`: the stored analysis at once, else the game joins the
 * analysis queue (src/games/jobs/analysis-jobs.ts works it off and edits the message).
 */
import { UserError } from "../../errors.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import { linkSuffix, type Response } from "../../interactions/reply.ts";
import { analysisReply, queuedReply } from "./analysis.ts";

export function analyseResponse(ctx: HandlerContext, gameId: string): Response {
  if (!ctx.guildId) throw new UserError("guild/required-analysis");
  if (!ctx.app.computer.enabled) throw new UserError("computer/off");
  const answer = ctx.app.analyses.request({
    gameId,
    guildId: ctx.guildId,
    channelId: ctx.channelId,
    userId: ctx.userId,
  });
  const game = ctx.app.games.find(gameId);
  // The analysis is a public message, in the server's language; a repeat request is answered privately.
  const server = { t: ctx.tServer, locale: ctx.serverLocale };
  if (answer.kind === "done")
    return { mode: "reply", reply: analysisReply(ctx.app, game.row, answer.row, answer.report, server) };
  if (answer.fresh)
    return {
      mode: "reply",
      reply: queuedReply(game.row, answer.row, answer.ahead, ctx.tServer),
      bind: { kind: "analysis", id: gameId },
    };
  const reply = queuedReply(game.row, answer.row, answer.ahead, ctx.t);
  // With a link to where it is shown.
  return { mode: "reply", reply: { ...reply, content: `${reply.content}${linkSuffix(answer.row)}`, ephemeral: true } };
}
