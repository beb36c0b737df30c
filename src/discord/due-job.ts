/**
 * What the scheduler runs at each sweep: one job per kind of deadline, each in its feature's `jobs/` folder
 * and listed once in src/discord/due-jobs.ts. A job says when it next has something due (the scheduler's
 * timer waits for the earliest) and runs what is due now, each item on its own: one that fails is logged
 * with its id and counted, and the others go on.
 */
import type { RetryLater, SweepFailure } from "../games/retry.ts";
import type { App } from "../interactions/context.ts";
import type { Logger } from "../logger.ts";
import type { Messenger } from "./messenger.ts";
import type { NoticeBoard } from "./notices.ts";

export interface DueContext {
  readonly app: App;
  readonly messenger: Messenger;
  readonly logger: Logger;
  /** Where turn notices are posted and taken down. */
  readonly notices?: NoticeBoard;
  /** Post the games without a message created at or before this time. */
  readonly unpostedUntil: number;
  /** When this process started enforcing: a game created before it and never posted is due at once. */
  readonly startedAt: number;
  /** Posts that failed, skipped until their retry time (the scheduler keeps one across sweeps). */
  readonly postRetry?: RetryLater;
}

export interface DueJob {
  /** What it does, for the logs. */
  readonly name: string;
  /** The earliest time something is due (maybe now or past), null when nothing is. May throw: the scheduler retries. */
  nextDue(ctx: DueContext): number | null;
  /** Runs everything due now; returns how many items failed. */
  run(ctx: DueContext): Promise<number>;
}

/** Runs one item's `work`; a failure is logged with `fields` and `message`. Returns 1 when it failed, else 0. */
export async function oneItem(
  logger: Logger,
  fields: Record<string, unknown>,
  message: string,
  work: () => Promise<void>,
): Promise<number> {
  try {
    await work();
    return 0;
  } catch (err) {
    logger.error({ err, ...fields }, message);
    return 1;
  }
}

/** Logs the due items a store skipped for a failure (until their retry time). */
export function logFailures(logger: Logger, kind: "challenge" | "game", failures: readonly SweepFailure[]): void {
  for (const f of failures) {
    logger.error(
      { err: f.error, [kind]: f.id, attempts: f.attempts, retryAt: new Date(f.retryAt).toISOString() },
      `${kind} deadline failed; skipped until the retry time`,
    );
  }
}
