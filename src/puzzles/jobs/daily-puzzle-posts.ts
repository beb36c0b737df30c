/**
 * The daily puzzles' posts, run by each scheduler sweep (docs/admins.md, "Daily puzzle"): yesterday's
 * solutions first (the old post loses its Solve button), then the puzzles of the day that are due, then
 * the counts of the posts whose players moved (each post edited at most once a minute). Each post is
 * recorded before it is sent, so a channel that refuses it is not asked again at every sweep.
 */

import { type DueJob, oneItem } from "../../discord/due-job.ts";
import type { Messenger } from "../../discord/messenger.ts";
import { serverVoice } from "../../games/views/game-message.ts";
import type { App } from "../../interactions/context.ts";
import type { Logger } from "../../logger.ts";
import { dailyClosedReply, dailyCountsReply, dailyPostReply, dailySolutionReply } from "../views/daily-puzzle.ts";

export const dailyPuzzles: DueJob = {
  name: "daily puzzles",
  nextDue: ({ app }) => app.dailyPuzzles.nextDue(),
  run: ({ app, messenger, logger }) => runDailyPuzzles(app, messenger, logger),
};

/** Runs what is due; returns how many items failed. */
async function runDailyPuzzles(app: App, messenger: Messenger, logger: Logger): Promise<number> {
  const daily = app.dailyPuzzles;
  let failed = 0;
  const each = async (what: string, guildId: string, work: () => Promise<void>) => {
    failed += await oneItem(logger, { guild: guildId }, `could not ${what}`, work);
  };
  for (const row of daily.dueSolutions()) {
    await each("post the daily puzzle's solution", row.guildId, async () => {
      const counts = daily.counts(row.guildId, row.date);
      daily.markSolved(row, counts);
      const puzzle = app.puzzles.puzzle(row.puzzleId);
      // A puzzle whose post never went out (the channel refused it) has no solution to post either.
      if (!puzzle || !row.messageId) return;
      const voice = serverVoice(app, row.guildId);
      await messenger.edit(
        { channelId: row.channelId, messageId: row.messageId },
        dailyClosedReply(puzzle, row.date, counts, voice.t),
      );
      await messenger.send(row.channelId, dailySolutionReply(app, puzzle, row.date, counts, voice));
      logger.info({ guild: row.guildId, date: row.date }, "daily puzzle's solution posted");
    });
  }
  for (const due of daily.duePosts()) {
    await each("post the daily puzzle", due.guildId, async () => {
      const row = daily.choose(due.guildId, due.channelId, due.date);
      const puzzle = row.puzzleId ? app.puzzles.puzzle(row.puzzleId) : null;
      if (!puzzle || row.messageId || row.solutionAt !== null) return;
      const voice = serverVoice(app, due.guildId);
      const messageId = await messenger.send(
        row.channelId,
        dailyPostReply(app, puzzle, row.date, { solved: 0, tried: 0 }, voice),
      );
      if (messageId) daily.bindMessage(row.guildId, row.date, messageId);
      logger.info({ guild: row.guildId, date: row.date, puzzle: puzzle.id, messageId }, "daily puzzle posted");
    });
  }
  for (const { row, counts } of daily.dueCounts()) {
    await each("show the daily puzzle's counts", row.guildId, async () => {
      daily.markShown(row, counts);
      const puzzle = app.puzzles.puzzle(row.puzzleId);
      if (!puzzle || !row.messageId) return;
      // Without an image: the post keeps its picture.
      await messenger.edit(
        { channelId: row.channelId, messageId: row.messageId },
        dailyCountsReply(puzzle, row.date, counts, serverVoice(app, row.guildId).t),
      );
    });
  }
  return failed;
}
