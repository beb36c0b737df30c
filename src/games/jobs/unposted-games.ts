/**
 * The scheduler's job for the games that have no message: created by a transaction (the next game of a
 * series, a tournament's round) whose poster crashed or failed before posting. Each is posted and bound
 * once the grace for its own poster is over (at once for one created before this process started). A
 * tournament's round games are the outbox's (posted with their pairings); so is a series' next game (its
 * outbox row goes first, after a shorter grace; this job, with the same nonce, is only a later net for one
 * decided before the outbox held such games).
 */
import { gamePost } from "../../competition/views/series-posts.ts";
import type { GameRow } from "../../db/schema.ts";
import type { DueContext, DueJob } from "../../discord/due-job.ts";
import { sendDirect } from "../../discord/messenger.ts";
import { nonceOf } from "../../discord/outbox-sender.ts";
import { boardKey } from "../endings.ts";

/** A game still without a message this long after its creation was not posted by whoever created it. */
export const UNPOSTED_GRACE = 60_000;

/** A tournament's round game (not a knockout's later series game): the outbox posts it with its pairings. */
function postedByTheOutbox(row: GameRow): boolean {
  return row.tournamentId !== null && (row.seriesGame ?? 1) === 1;
}

/** Posts one game that has no message; throws when it could not. */
async function postOne(ctx: DueContext, id: string): Promise<void> {
  const { app, messenger, logger } = ctx;
  const game = app.games.get(id);
  if (game?.row.status !== "active" || game.row.messageId !== null || postedByTheOutbox(game.row)) return;
  const post = gamePost(app, game);
  // The nonce: a post made but not bound before a crash is not made twice (within Discord's minutes).
  const posted = await messenger.send(post.channelId, post.reply, nonceOf(boardKey(id)));
  if (!posted) throw new Error(`could not post in channel ${post.channelId}`);
  app.games.bindMessage(id, post.channelId, posted);
  await sendDirect(app, messenger, post, posted);
  logger.info({ game: id, message: posted }, "posted a game that had no message");
}

export const unpostedGames: DueJob = {
  name: "unposted games",
  nextDue({ app, startedAt, postRetry }) {
    let next: number | null = null;
    for (const { id, createdAt } of app.games.unposted().filter((g) => !postedByTheOutbox(g))) {
      const due = createdAt < startedAt ? startedAt : createdAt + UNPOSTED_GRACE;
      const at = postRetry ? postRetry.notBefore(id, due) : due;
      if (next === null || at < next) next = at;
    }
    return next;
  },
  async run(ctx) {
    const { app, logger, postRetry: retry } = ctx;
    let failed = 0;
    const now = app.clock.now();
    for (const { id, createdAt } of app.games.unposted().filter((g) => !postedByTheOutbox(g))) {
      if (createdAt > ctx.unpostedUntil || retry?.waiting(id, now)) continue;
      try {
        await postOne(ctx, id);
        retry?.succeeded(id);
      } catch (err) {
        failed++;
        const retryAt = retry?.failed(id, err, now).retryAt;
        const until = retryAt === undefined ? undefined : new Date(retryAt).toISOString();
        logger.error({ err, game: id, retryAt: until }, "could not post a game that has no message");
      }
    }
    return failed;
  },
};
