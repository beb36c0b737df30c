/**
 * Enforces deadlines: runs the jobs of the registry (src/discord/due-jobs.ts: challenge expiry, half-time
 * reminders and time-outs, tournament starts and arena ends, the daily puzzles, the games left without a
 * message). All of them live in the database, so after a restart the first sweep catches up; then one
 * timer waits for the nearest item of any job (each job's `nextDue`).
 *
 * Clocks stop while the bot is down: a heartbeat is written every few seconds, and at startup, before
 * the first sweep, the time since the last sign of life is given back to every deadline, reminder and
 * challenge expiry, however short the outage. Each sweep also posts the games that have no message
 * (a crash between creating the next game of a series and posting it).
 *
 * One bad item never stops the others: each challenge, game and post is handled on its own, a failing
 * one is logged with its id and skipped for a while, and after a failed sweep the next one waits.
 */

import { challengeReply } from "../challenges/views/challenge.ts";
import { UNPOSTED_GRACE } from "../games/jobs/unposted-games.ts";
import { RetryLater } from "../games/retry.ts";
import type { Downtime } from "../games/uptime.ts";
import { gameMessage, serverVoice } from "../games/views/game-message.ts";
import type { App } from "../interactions/context.ts";
import type { Logger } from "../logger.ts";
import type { DueContext } from "./due-job.ts";
import { DUE_JOBS } from "./due-jobs.ts";
import type { Messenger } from "./messenger.ts";
import type { NoticeBoard } from "./notices.ts";

/** setTimeout cannot wait longer than ~24.8 days; waking up hourly also bounds any clock drift. */
const MAX_WAIT = 60 * 60_000;
/** The shortest wait between two timed sweeps: nothing can make the scheduler spin. */
const MIN_WAIT = 1_000;
/**
 * The least wait after a sweep in which something failed (and before retrying the downtime check).
 * When the whole sweep failed it is retried after that, the wait doubling up to MAX_RETRY_WAIT.
 */
export const WAIT_AFTER_FAILURE = 5_000;
const MAX_RETRY_WAIT = 5 * 60_000;
/**
 * How often the heartbeat ("the bot is running") is written, besides at every sweep and every stop.
 * After a crash the clocks are given back the time since the last sign of life, so this bounds
 * what a crash can over-credit (the bot may have run for up to this long after the last beat).
 */
export const HEARTBEAT_EVERY = 10_000;
/** Messages show deadlines as "in 5 minutes": a shift shorter than this is not worth editing every board for. */
export const REFRESH_AFTER_DOWNTIME = 60_000;

export interface DueOptions {
  /** Post the games without a message created at or before this time (default: `UNPOSTED_GRACE` ago). */
  readonly unpostedUntil?: number;
  /** Games whose post failed, skipped until their retry time (the scheduler keeps one across sweeps). */
  readonly postRetry?: RetryLater;
  /** Where the turn notice of a game that ended on time is taken down. */
  readonly notices?: NoticeBoard;
  /** When this process started enforcing: games created before it and never posted are due at once (default 0). */
  readonly startedAt?: number;
}

export interface DueReport {
  /** How many items (challenges, games, posts, the heartbeat) failed and were skipped. */
  readonly failed: number;
}

/**
 * Runs every due deadline once, tells the players, and posts the games left without a message.
 * Each item is handled on its own: one that fails is logged and counted, and the others go on.
 * Exported for tests.
 */
export async function runDue(
  app: App,
  messenger: Messenger,
  logger: Logger,
  options: DueOptions = {},
): Promise<DueReport> {
  let failed = 0;
  try {
    app.uptime.heartbeat();
  } catch (err) {
    failed++;
    logger.error({ err }, "could not write the heartbeat");
  }
  const ctx = dueContext(app, messenger, logger, options);
  for (const job of DUE_JOBS) failed += await job.run(ctx);
  return { failed };
}

/** What every job of a sweep is given. */
function dueContext(app: App, messenger: Messenger, logger: Logger, options: DueOptions): DueContext {
  return {
    app,
    messenger,
    logger,
    notices: options.notices,
    unpostedUntil: options.unpostedUntil ?? app.clock.now() - UNPOSTED_GRACE,
    startedAt: options.startedAt ?? 0,
    postRetry: options.postRetry,
  };
}

/**
 * After a downtime the game and challenge messages show deadlines that moved: brings their text and
 * buttons up to date (the board picture is kept, it has not changed).
 */
async function refreshAfterDowntime(app: App, messenger: Messenger, logger: Logger, downtime: Downtime) {
  for (const id of downtime.games) {
    try {
      const game = app.games.get(id);
      if (game?.row.status !== "active" || !game.row.messageId) continue;
      const { image: _image, ...reply } = gameMessage(app, game);
      await messenger.edit({ channelId: game.row.channelId, messageId: game.row.messageId }, reply);
    } catch (err) {
      logger.warn({ err, game: id }, "could not show the new deadline");
    }
  }
  for (const id of downtime.challenges) {
    try {
      const challenge = app.challenges.get(id);
      if (challenge?.status !== "pending" || !challenge.messageId) continue;
      await messenger.edit(
        { channelId: challenge.channelId, messageId: challenge.messageId },
        challengeReply(challenge, serverVoice(app, challenge.guildId).t),
      );
    } catch (err) {
      logger.warn({ err, challenge: id }, "could not show the new expiry");
    }
  }
}

export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** The downtime check has run: deadlines may be enforced. */
  private resumed = false;
  /** When this process started enforcing: games created before it and never posted are posted at once. */
  private startedAt = 0;
  /** A poke arrived during a sweep: sweep once more afterwards. */
  private again = false;
  /** The last sweep failed: nothing runs before the timer (set to at least WAIT_AFTER_FAILURE) fires. */
  private backingOff = false;
  /** Sweeps in a row that failed as a whole (not just one item). */
  private sweepFailures = 0;
  /** Messages whose deadlines moved at startup, brought up to date after the first sweep. */
  private downtime: Downtime | null = null;
  private readonly postRetry = new RetryLater();

  constructor(
    private readonly app: App,
    private readonly messenger: Messenger,
    private readonly logger: Logger,
    private readonly notices: NoticeBoard,
    /** Called after every sweep: the computer's games left to move and the analysis queue are looked at too. */
    private readonly afterSweep: () => void = () => {},
    /** Told how many milliseconds late each timer fired (for the metrics). */
    private readonly onLag?: (ms: number) => void,
  ) {}

  /** Gives the downtime back to the clocks, then starts the heartbeat and the first sweep. */
  start(): void {
    if (this.stopped || this.resumed) return;
    this.startedAt = this.app.clock.now();
    try {
      const downtime = this.app.uptime.resumeAfterDowntime();
      if (downtime) {
        if (downtime.ms >= REFRESH_AFTER_DOWNTIME) this.downtime = downtime;
        this.logger.warn(
          {
            downSince: new Date(downtime.since).toISOString(),
            downtimeMs: downtime.ms,
            games: downtime.games.length,
            challenges: downtime.challenges.length,
          },
          "the bot was down: deadlines and challenge expiries moved forward by the downtime",
        );
      }
    } catch (err) {
      // Enforcing deadlines now would count the downtime against the players: try again shortly.
      this.logger.error({ err }, "could not check for downtime; deadlines wait");
      this.timer = setTimeout(() => this.start(), WAIT_AFTER_FAILURE);
      return;
    }
    this.resumed = true;
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_EVERY);
    this.poke();
  }

  /** Something changed (a move, a new challenge): run what is due and re-arm the timer. */
  poke(): void {
    if (this.stopped || !this.resumed || this.backingOff) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.run();
  }

  /**
   * No sweep starts after this; resolves once the sweep running now (if any) has finished, so a
   * shutdown can close the database after it.
   */
  async stop(): Promise<void> {
    if (!this.stopped) {
      this.stopped = true;
      if (this.timer) clearTimeout(this.timer);
      if (this.heartbeat) clearInterval(this.heartbeat);
      this.timer = null;
      this.heartbeat = null;
      // The bot was alive until now: a restart measures its downtime from here.
      if (this.resumed) this.beat();
    }
    if (!this.running) return;
    await this.running;
    if (this.resumed) this.beat();
  }

  private async run(): Promise<void> {
    let failed = false;
    try {
      const now = this.app.clock.now();
      const report = await runDue(this.app, this.messenger, this.logger, {
        // Games created before this process started have nobody else to post them: no grace.
        unpostedUntil: Math.max(now - UNPOSTED_GRACE, this.startedAt - 1),
        postRetry: this.postRetry,
        notices: this.notices,
        startedAt: this.startedAt,
      });
      this.sweepFailures = 0;
      failed = report.failed > 0;
      if (this.downtime) {
        const downtime = this.downtime;
        this.downtime = null;
        await refreshAfterDowntime(this.app, this.messenger, this.logger, downtime);
      }
      this.afterSweep();
    } catch (err) {
      failed = true;
      this.sweepFailures++;
      this.logger.error({ err, failures: this.sweepFailures }, "deadline sweep failed");
    }
    this.running = null;
    // After a failure, pokes wait for the timer: the next sweep comes no sooner than WAIT_AFTER_FAILURE.
    const again = this.again && !failed;
    this.again = false;
    this.backingOff = failed;
    if (again) this.poke();
    else {
      // A sweep that failed as a whole is retried, each time waiting twice as long.
      const retryIn = this.sweepFailures
        ? Math.min(WAIT_AFTER_FAILURE * 2 ** (this.sweepFailures - 1), MAX_RETRY_WAIT)
        : undefined;
      this.arm(failed ? WAIT_AFTER_FAILURE : MIN_WAIT, retryIn);
    }
  }

  private beat(): void {
    try {
      this.app.uptime.heartbeat();
    } catch (err) {
      this.logger.warn({ err }, "could not write the heartbeat");
    }
  }

  /**
   * Sets the timer: for the next due item but no sooner than `minWait`, or after exactly `retryIn`.
   * Node's timers may fire a few milliseconds before the clock reaches the due time (they count from
   * the event loop's cached time); such a sweep finds nothing due and simply arms the timer again,
   * so an item is never skipped, only handled up to MIN_WAIT later.
   */
  private arm(minWait: number, retryIn?: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    const wait = Math.min(retryIn ?? Math.max(this.untilNextDue(), minWait), MAX_WAIT);
    const firesAt = Date.now() + wait;
    this.timer = setTimeout(() => {
      this.onLag?.(Date.now() - firesAt);
      this.backingOff = false;
      this.poke();
    }, wait);
  }

  /** Milliseconds until the next due item: MAX_WAIT when there is none, WAIT_AFTER_FAILURE when unreadable. */
  private untilNextDue(): number {
    try {
      const ctx = dueContext(this.app, this.messenger, this.logger, {
        postRetry: this.postRetry,
        startedAt: this.startedAt,
      });
      const times = DUE_JOBS.map((job) => job.nextDue(ctx)).filter((t): t is number => t !== null);
      return times.length ? Math.min(...times) - this.app.clock.now() : MAX_WAIT;
    } catch (err) {
      this.logger.error({ err }, "could not find the next deadline");
      return WAIT_AFTER_FAILURE;
    }
  }
}
