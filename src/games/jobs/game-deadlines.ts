/**
 * The scheduler's job for the games' deadlines: half-time reminders and time-outs. A reminder is posted
 * in the turn of the game's notices; a time-out ends the game, and its board, the next game of a series
 * and a tournament's next round or final standings follow, as after any ending.
 */
import { nextSeriesPost } from "../../competition/views/series-posts.ts";
import { type DueContext, type DueJob, logFailures, oneItem } from "../../discord/due-job.ts";
import { sendPosts } from "../../discord/messenger.ts";
import { gameNoticeKey } from "../../interactions/reply.ts";
import { tournamentFollowUps } from "../../tournaments/views/tournament-posts.ts";
import type { GameNotice } from "../service.ts";
import { gameMessage, serverVoice } from "../views/game-message.ts";
import { noticesAfter } from "../views/game-updates.ts";
import { reminderReply } from "../views/reminder.ts";

/** Tells the players about a reminder or a time-out, and posts what the time-out decided. */
async function announce(ctx: DueContext, notice: GameNotice): Promise<void> {
  const { app, messenger, logger, notices } = ctx;
  const { row } = notice.game;
  const { t } = serverVoice(app, row.guildId);
  if (notice.kind === "reminder") {
    // Posted in the turn of the game's notices and counted as one of them: the next one (after the player's
    // move, or the ending on time) deletes it, so a reminder never outlives the turn it was about. Not a
    // notice itself because it mentions the player whatever their /nickar notify choice.
    const send = async () => {
      // The player may have moved, or the game ended, since the sweep found the reminder due: then it is about nothing.
      const now = app.games.get(row.id)?.row;
      if (now?.ply !== row.ply || now.status !== "active") return null;
      const messageId = await messenger.send(row.channelId, reminderReply(notice.game, t));
      return messageId ? { channelId: row.channelId, messageId } : null;
    };
    if (notices?.postOwn) await notices.postOwn(gameNoticeKey(row.id), send);
    else await send();
    return;
  }
  logger.info({ game: row.id, status: row.status }, "game ended on time");
  const reply = gameMessage(app, notice.game);
  if (row.messageId) await messenger.edit({ channelId: row.channelId, messageId: row.messageId }, reply);
  // Both players are told by the game's notice (who ran out of time, what it changes), as after any ending.
  await sendPosts(app, messenger, nextSeriesPost(app, notice.game));
  // A tournament's next round (paired by this time-out), or its final standings.
  const tournament = tournamentFollowUps(app, notice.game);
  for (const edit of tournament.edits) await messenger.edit(edit.ref, edit.reply);
  await sendPosts(app, messenger, tournament.posts);
  for (const n of noticesAfter(app, notice.game, { moved: true })) await notices?.post(n);
}

export const gameDeadlines: DueJob = {
  name: "game deadlines",
  nextDue: ({ app }) => app.games.nextDue(),
  async run(ctx) {
    const { app, logger } = ctx;
    const sweep = app.games.sweep();
    let failed = sweep.failed.length;
    logFailures(logger, "game", sweep.failed);
    for (const notice of sweep.notices) {
      const fields = { game: notice.game.row.id, kind: notice.kind };
      failed += await oneItem(logger, fields, "could not tell the players", () => announce(ctx, notice));
    }
    return failed;
  },
};
