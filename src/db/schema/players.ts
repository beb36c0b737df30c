/** What players chose for themselves, their turn notices, and who was forgotten. */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Players who used `/nickar forget-me`: their user id was replaced everywhere by `placeholder`, a
 * small number ("1", "2", ...) that no Discord account has (real ids are snowflakes of 17 digits or
 * more), so their games keep two distinct seats. The original user id is not kept anywhere.
 */
export const forgottenPlayers = sqliteTable("forgotten_players", {
  placeholder: text("placeholder").primaryKey(),
  forgottenAt: integer("forgotten_at").notNull(),
});

export const NOTIFY_CHOICES = ["channel", "dm", "off"] as const;
export type NotifyChoice = (typeof NOTIFY_CHOICES)[number];

/** What a player chose for themselves (every server alike): how their turn is announced. */
export const players = sqliteTable("players", {
  userId: text("user_id").primaryKey(),
  /** Turn notices in the game's channel (the default), by direct message, or none. */
  notify: text("notify", { enum: NOTIFY_CHOICES }).notNull().default("channel"),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * Short messages that pinged someone (a turn notice) and are replaced by the next one with the same
 * key, so a channel does not fill up with them: the previous one is deleted when the next is posted.
 */
export const notices = sqliteTable(
  "notices",
  {
    messageId: text("message_id").primaryKey(),
    /** What the notice is about, e.g. `game:<id>`: one live notice (per recipient) per key. */
    key: text("key").notNull(),
    channelId: text("channel_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("notices_key").on(t.key)],
);

export type PlayerRow = typeof players.$inferSelect;
export type NoticeRow = typeof notices.$inferSelect;
