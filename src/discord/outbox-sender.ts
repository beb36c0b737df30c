/**
 * The outbox's one sender (issue #33), a job of the scheduler's registry: every post a transaction decided
 * (see `outbox` in src/db/schema.ts) is sent after the commit, in the order the decisions were written, and
 * marked sent. A post not yet sent at a crash is sent by the next sweep, the first one after start-up
 * included: at least once. Each post goes out with its key as Discord's message nonce (`enforce_nonce`):
 * a post sent but not marked before a crash is, sent again within Discord's few minutes, answered with the
 * message already made, so players see it once. Posts of a board bound to its game are checked against the
 * stored message id before they go (the game's own record, for any delay).
 *
 * A post its own poster makes (a game's ending notice, told by whoever handled the move) waits OWNER_GRACE
 * for it, then is sent here; a post written to follow another (the final standings after the deciding game's
 * "… is over") waits until that one is sent. A post that fails is tried again later, the wait doubling.
 */
import { nonceOf } from "../db/outbox.ts";
import type { OutboxRow } from "../db/schema.ts";
import type { DueContext, DueJob } from "./due-job.ts";

export { nonceOf };

export interface OutboxKind {
  readonly kind: string;
  /**
   * Makes the post (a nonce for each message it creates: `nonce(part)`); returns its message id, or null when
   * there is nothing to post any more (the tournament was removed) or nowhere to post it. Throws to try again.
   * A post of several messages keeps its first with `keep` as soon as it is made (it is then `row.messageId`
   * at a retry, and is not made again even after Discord's nonce window).
   */
  send(
    ctx: DueContext,
    row: OutboxRow,
    nonce: (part?: string) => string,
    keep: (messageId: string) => void,
  ): Promise<string | null>;
}

/** How long a post its own poster makes is left to it before the outbox sends it. */
export const OWNER_GRACE = 10_000;
/** The first retry of a failed post; doubling up to MAX_RETRY. */
export const FIRST_RETRY = 5_000;
const MAX_RETRY = 10 * 60_000;
/** Sent posts are kept this long (a day), then deleted: their keys have done their work. */
export const KEEP_SENT = 24 * 60 * 60_000;

/** When the row may be sent (its poster's grace, its retry time). */
function dueAt(row: OutboxRow, startedAt: number): number {
  const own = row.ownerFirst && row.createdAt >= startedAt ? row.createdAt + OWNER_GRACE : row.createdAt;
  return Math.max(own, row.retryAt ?? 0);
}

export function outboxJob(kinds: readonly OutboxKind[]): DueJob {
  const byKind = new Map(kinds.map((k) => [k.kind, k]));
  return {
    name: "outbox",
    nextDue({ app, startedAt }) {
      let next: number | null = null;
      const rows = app.outbox.unsent();
      const waiting = new Set(rows.map((r) => r.key));
      for (const row of rows) {
        // One that follows another still waiting is due when that one is.
        if (row.afterKey && waiting.has(row.afterKey)) continue;
        const at = dueAt(row, startedAt);
        if (next === null || at < next) next = at;
      }
      return next;
    },
    async run(ctx) {
      const { app, logger } = ctx;
      const now = app.clock.now();
      const rows = app.outbox.unsent();
      const waiting = new Set(rows.map((r) => r.key));
      let failed = 0;
      for (const row of rows) {
        // In order: a post that follows one still waiting waits too.
        if (dueAt(row, ctx.startedAt) > now || (row.afterKey && waiting.has(row.afterKey))) continue;
        const kind = byKind.get(row.kind);
        try {
          if (!kind) throw new Error(`no sender for the outbox's kind ${row.kind}`);
          const keep = (messageId: string) => app.outbox.keepMessage(row.key, messageId);
          const messageId = await kind.send(ctx, row, (part) => nonceOf(row.key, part), keep);
          app.outbox.markSent(row.key, app.clock.now(), messageId);
          waiting.delete(row.key);
        } catch (err) {
          failed++;
          const retryAt = now + Math.min(FIRST_RETRY * 2 ** row.attempts, MAX_RETRY);
          logger.error(
            { err, key: row.key, attempts: row.attempts + 1 },
            "could not send a decided post; tried again later",
          );
          app.outbox.markFailed(row.key, retryAt);
        }
      }
      app.outbox.pruneSent(now - KEEP_SENT);
      return failed;
    },
  };
}
