/**
 * Enforces deadlines: challenge expiry, half-time reminders and time-outs. All of them live in the
 * database, so after a restart the first sweep catches up; then one timer waits for the nearest one.
 */
import { resultText, SIDE_NAMES } from "../games/narrate.ts";
import type { App } from "../interactions/context.ts";
import { nextSeriesPost } from "../interactions/series-posts.ts";
import { challengeReply, gameReply, reminderReply } from "../interactions/views.ts";
import type { Logger } from "../logger.ts";
import type { Messenger } from "./messenger.ts";

/** setTimeout cannot wait longer than ~24.8 days; waking up hourly also bounds any clock drift. */
const MAX_WAIT = 60 * 60_000;

/** Runs every due deadline once and tells the players. Exported for tests. */
export async function runDue(app: App, messenger: Messenger, logger: Logger): Promise<void> {
  for (const challenge of app.challenges.expire()) {
    logger.info({ challenge: challenge.id }, "challenge expired");
    if (challenge.messageId) {
      await messenger.edit(
        { channelId: challenge.channelId, messageId: challenge.messageId },
        challengeReply(challenge),
      );
    }
  }
  for (const notice of app.games.sweep()) {
    const { row } = notice.game;
    if (notice.kind === "reminder") {
      await messenger.send(row.channelId, reminderReply(notice.game));
      continue;
    }
    logger.info({ game: row.id, status: row.status }, "game ended on time");
    const reply = gameReply(app, notice.game);
    if (row.messageId) await messenger.edit({ channelId: row.channelId, messageId: row.messageId }, reply);
    const players = [row.southId, row.northId];
    const result = `**${resultText(row, SIDE_NAMES, notice.game.state.position.stores)}**`;
    await messenger.send(row.channelId, {
      content: `<@${row.southId}> <@${row.northId}> game \`${row.id}\`: ${result}`,
      mentions: players,
    });
    for (const post of nextSeriesPost(app, notice.game)) {
      const posted = await messenger.send(post.channelId, post.reply);
      if (posted && post.bindGame) app.games.bindMessage(post.bindGame, post.channelId, posted);
    }
  }
}

export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** A poke arrived during a sweep: sweep once more afterwards. */
  private again = false;

  constructor(
    private readonly app: App,
    private readonly messenger: Messenger,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.poke();
  }

  /** Something changed (a move, a new challenge): run what is due and re-arm the timer. */
  poke(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = runDue(this.app, this.messenger, this.logger)
      .catch((err) => this.logger.error({ err }, "deadline sweep failed"))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.poke();
        } else {
          this.arm();
        }
      });
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    const times = [this.app.games.nextDue(), this.app.challenges.nextExpiry()].filter((t): t is number => t !== null);
    const wait = times.length ? Math.min(...times) - this.app.clock.now() : MAX_WAIT;
    this.timer = setTimeout(() => this.poke(), Math.max(0, Math.min(wait, MAX_WAIT)));
  }
}
