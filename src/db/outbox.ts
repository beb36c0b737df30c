/**
 * The outbox's store (see `outbox` in schema.ts): `enqueue` in the deciding transaction (a key already there
 * is left as it is, so a decision seen twice is posted once), `due` for the sender, `markSent` once it is out.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "./client.ts";
import { type OutboxRow, outbox } from "./schema.ts";

/** Discord's nonce of a post: at most 25 characters; the key's hash (with the part of the post it names). */
export function nonceOf(key: string, part = ""): string {
  return createHash("sha256").update(`${key}\u0000${part}`).digest("base64url").slice(0, 25);
}

export interface OutboxItem {
  readonly key: string;
  readonly kind: string;
  readonly guildId: string;
  readonly channelId: string;
  readonly subjectId: string;
  readonly userId?: string | null;
  readonly args?: unknown;
  readonly afterKey?: string | null;
  readonly ownerFirst?: boolean;
}

/** Writes `item` in the caller's transaction, unless its key is there already. Returns whether it was new. */
export function enqueue(tx: Tx | Db, item: OutboxItem, now: number): boolean {
  const written = tx
    .insert(outbox)
    .values({
      key: item.key,
      kind: item.kind,
      guildId: item.guildId,
      channelId: item.channelId,
      subjectId: item.subjectId,
      userId: item.userId ?? null,
      args: JSON.stringify(item.args ?? {}),
      afterKey: item.afterKey ?? null,
      ownerFirst: item.ownerFirst ?? false,
      createdAt: now,
    })
    .onConflictDoNothing({ target: outbox.key })
    .run();
  return written.changes > 0;
}

/** The posts of a subject (a tournament's rounds, to know which games they announced). */
export function outboxOf(tx: Tx | Db, subjectId: string, kind: string): OutboxRow[] {
  return tx
    .select()
    .from(outbox)
    .where(and(eq(outbox.subjectId, subjectId), eq(outbox.kind, kind)))
    .all();
}

/** The sender's side: what is left to send, and the marks once sent or failed. */
export class OutboxStore {
  constructor(private readonly db: Db) {}

  /** The posts not sent yet, oldest first. */
  unsent(limit = 200): OutboxRow[] {
    return this.db.select().from(outbox).where(isNull(outbox.sentAt)).orderBy(asc(outbox.id)).limit(limit).all();
  }

  /** Whether the post with `key` was sent (false when there is none). */
  isSent(key: string): boolean {
    const row = this.db.select({ sentAt: outbox.sentAt }).from(outbox).where(eq(outbox.key, key)).get();
    return row?.sentAt != null;
  }

  /** Marks the post with `key` sent (the message it made, if any). */
  markSent(key: string, now: number, messageId: string | null = null): void {
    this.db
      .update(outbox)
      .set({ sentAt: now, messageId, retryAt: null })
      .where(and(eq(outbox.key, key), isNull(outbox.sentAt)))
      .run();
  }

  /**
   * The first message of a post made of several (a round's header before its boards), kept before the rest
   * go: a retry after a later part failed finds it and does not make it again, however long after.
   */
  keepMessage(key: string, messageId: string): void {
    this.db
      .update(outbox)
      .set({ messageId })
      .where(and(eq(outbox.key, key), isNull(outbox.sentAt)))
      .run();
  }

  /** A send that failed: tried again at `retryAt`. */
  markFailed(key: string, retryAt: number): void {
    this.db
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, retryAt })
      .where(eq(outbox.key, key))
      .run();
  }

  /** Sent posts older than `before` are of no more use (their keys have done their work): deleted. */
  pruneSent(before: number): number {
    return this.db
      .delete(outbox)
      .where(and(isNotNull(outbox.sentAt), lt(outbox.sentAt, before)))
      .run().changes;
  }
}

/** Forget-me: every post naming the user, sent or not, goes (an unsent one is never made). */
export function forgetOutboxUser(tx: Tx | Db, userId: string): void {
  tx.delete(outbox).where(eq(outbox.userId, userId)).run();
}
