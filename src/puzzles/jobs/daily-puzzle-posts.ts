/**
 * The daily puzzles, run by each scheduler sweep (docs/admins.md, "Daily puzzle"): yesterday's days closed
 * first (their solutions decided), then the puzzles of the day that are due chosen, each written to the outbox
 * with its decision and posted by it (src/puzzles/jobs/daily-puzzle-outbox.ts, in the same sweep: the outbox's
 * job runs after this one); then the counts of the posts whose players moved (each post edited at most once a
 * minute).
 */

import { type DueJob, oneItem } from "../../discord/due-job.ts";
import type { Messenger } from "../../discord/messenger.ts";
import { serverVoice } from "../../games/views/game-message.ts";
import type { App } from "../../interactions/context.ts";
import type { Logger } from "../../logger.ts";
import { dailyCountsReply } from "../views/daily-puzzle.ts";

export const dailyPuzzles: DueJob = {
  name: "daily puzzles",
  nextDue: ({ app }) => app.dailyPuzzles.nextDue(),
  run: ({ app, messenger, logger }) => runDailyPuzzles(app, messenger, logger),
};

/** Decides what is due (the posts themselves go through the outbox); returns how many items failed. */
async function runDailyPuzzles(app: App, messenger: Messenger, logger: Logger): Promise<number> {
  const daily = app.dailyPuzzles;
  let failed = 0;
  const each = async (what: string, guildId: string, work: () => Promise<void> | void) => {
    failed += await oneItem(logger, { guild: guildId }, `could not ${what}`, async () => work());
  };
  // The day is over: its solution is decided (and written to the outbox).
  for (const row of daily.dueSolutions()) {
    await each("close the daily puzzle", row.guildId, () => daily.markSolved(row, daily.counts(row.guildId, row.date)));
  }
  // The day's puzzle is chosen (and its post written to the outbox).
  for (const due of daily.duePosts()) {
    await each("choose the daily puzzle", due.guildId, () => void daily.choose(due.guildId, due.channelId, due.date));
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
