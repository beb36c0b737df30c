/** The outbox: posts a transaction decides, sent after its commit. */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The outbox (issue #33): every post a transaction decides (a round's pairings and boards, final standings,
 * a withdrawal, a game's ending notice, the daily puzzle and its solution, a role rule's refusal) is written
 * here in that same transaction, sent after the commit by the outbox job (src/discord/outbox-sender.ts) and
 * marked sent; one not sent (a crash, Discord down) is sent at the next sweep or start-up. `key` says what it
 * is and is its idempotency key (Discord's message nonce): a post is made once as players see it.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** What the post is, unique: e.g. `tournament:<id>:final`, `game:<id>:ending`. */
    key: text("key").notNull().unique(),
    /** How it is drawn and sent (a kind of src/discord/outbox-kinds.ts). */
    kind: text("kind").notNull(),
    guildId: text("guild_id").notNull(),
    channelId: text("channel_id").notNull(),
    /** What it is about: a tournament's, game's, rule's or daily puzzle's id. */
    subjectId: text("subject_id").notNull(),
    /** The user it names, when it names one (forget-me deletes the row). */
    userId: text("user_id"),
    /** The kind's own details (JSON), e.g. the games a round's pairings show. */
    args: text("args").notNull().default("{}"),
    /** Sent only once the post with this key was sent (or its own poster's grace is over): the order players read. */
    afterKey: text("after_key"),
    /** Posted by whoever handled the change, unless it crashed: the outbox job sends it only after a grace. */
    ownerFirst: integer("owner_first", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull(),
    sentAt: integer("sent_at"),
    /** The message it made (null for a post Discord refused, or one that made none). */
    messageId: text("message_id"),
    attempts: integer("attempts").notNull().default(0),
    /** After a failed send: not tried again before this time. */
    retryAt: integer("retry_at"),
  },
  (t) => [index("outbox_unsent").on(t.sentAt, t.id), index("outbox_user").on(t.userId)],
);

export type OutboxRow = typeof outbox.$inferSelect;
