/**
 * How the outbox sends a day's two decided posts (src/puzzles/daily-puzzles.ts): the puzzle with its Solve
 * button, bound to the day once made (a retry finds it bound and does not post it again), and the next day its
 * solution, after the old post loses its button. A puzzle whose post never went out (its day ended first) has no
 * solution to post either.
 */
import type { OutboxKind } from "../../discord/outbox-sender.ts";
import { serverVoice } from "../../games/views/game-message.ts";
import { DAILY_POST, DAILY_SOLUTION } from "../daily-puzzles.ts";
import { dailyClosedReply, dailyPostReply, dailySolutionReply } from "../views/daily-puzzle.ts";

/** Throws when Discord made no message (the channel is gone or refused): the outbox tries again later. */
function made(messageId: string | null, what: string): string {
  if (!messageId) throw new Error(`could not post ${what}`);
  return messageId;
}

export const dailyPuzzlePosts: OutboxKind = {
  kind: DAILY_POST,
  async send({ app, messenger, logger }, row, nonce) {
    const day = app.dailyPuzzles.get(row.guildId, row.subjectId);
    const puzzle = day ? app.puzzles.puzzle(day.puzzleId) : null;
    if (!day || !puzzle || day.solutionAt !== null) return null;
    if (day.messageId) return day.messageId;
    const reply = dailyPostReply(app, puzzle, day.date, { solved: 0, tried: 0 }, serverVoice(app, day.guildId));
    const messageId = made(await messenger.send(day.channelId, reply, nonce()), "the daily puzzle");
    app.dailyPuzzles.bindMessage(day.guildId, day.date, messageId);
    logger.info({ guild: day.guildId, date: day.date, puzzle: puzzle.id, messageId }, "daily puzzle posted");
    return messageId;
  },
};

export const dailySolutionPosts: OutboxKind = {
  kind: DAILY_SOLUTION,
  async send({ app, messenger, logger }, row, nonce) {
    const day = app.dailyPuzzles.get(row.guildId, row.subjectId);
    const puzzle = day ? app.puzzles.puzzle(day.puzzleId) : null;
    if (!day?.messageId || !puzzle) return null;
    const counts = { solved: day.solved, tried: day.tried };
    const voice = serverVoice(app, day.guildId);
    // Editing again at a retry changes nothing.
    await messenger.edit(
      { channelId: day.channelId, messageId: day.messageId },
      dailyClosedReply(puzzle, day.date, counts, voice.t),
    );
    const reply = dailySolutionReply(app, puzzle, day.date, counts, voice);
    const messageId = made(await messenger.send(day.channelId, reply, nonce()), "the daily puzzle's solution");
    logger.info({ guild: day.guildId, date: day.date }, "daily puzzle's solution posted");
    return messageId;
  },
};
