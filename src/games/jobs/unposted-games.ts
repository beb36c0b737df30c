/**
 * The scheduler's job for the games that have no message: created by a transaction (the next game of a
 * series, a tournament's round) whose poster crashed or failed before posting. Each is posted and bound
 * once the grace for its own poster is over (at once for one created before this process started); a
 * tournament round none of whose games was posted gets its pairings first.
 */
import { gamePost } from "../../competition/views/series-posts.ts";
import type { DueContext, DueJob } from "../../discord/due-job.ts";
import { sendDirect } from "../../discord/messenger.ts";
import { roundPosts } from "../../tournaments/views/tournament-posts.ts";

/** A game still without a message this long after its creation was not posted by whoever created it. */
export const UNPOSTED_GRACE = 60_000;

/**
 * The tournament rounds (`<tournament>:<round>`) whose pairings this process posted while posting their games:
 * kept for the process's life (a few entries a round), so that a restart at worst posts them once more.
 */
const pairingsPosted = new Set<string>();

/** Posts one game that has no message (and its round's pairings first, once); throws when it could not. */
async function postOne(ctx: DueContext, id: string): Promise<void> {
  const { app, messenger, logger } = ctx;
  const game = app.games.get(id);
  if (game?.row.status !== "active" || game.row.messageId !== null) return;
  // A tournament round none of whose games was posted: its pairings first, once (a retry after the
  // board failed must not post them again).
  const round = `${game.row.tournamentId}:${game.row.tournamentRound}`;
  if (
    game.row.tournamentId &&
    game.row.tournamentRound === app.tournaments.get(game.row.tournamentId)?.currentRound &&
    !pairingsPosted.has(round)
  ) {
    const [pairings] = roundPosts(app, game.row.tournamentId);
    if (pairings && (await messenger.send(pairings.channelId, pairings.reply))) pairingsPosted.add(round);
  }
  const post = gamePost(app, game);
  const posted = await messenger.send(post.channelId, post.reply);
  if (!posted) throw new Error(`could not post in channel ${post.channelId}`);
  app.games.bindMessage(id, post.channelId, posted);
  await sendDirect(app, messenger, post, posted);
  logger.info({ game: id, message: posted }, "posted a game that had no message");
}

export const unpostedGames: DueJob = {
  name: "unposted games",
  nextDue({ app, startedAt, postRetry }) {
    let next: number | null = null;
    for (const { id, createdAt } of app.games.unposted()) {
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
    for (const { id, createdAt } of app.games.unposted()) {
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
