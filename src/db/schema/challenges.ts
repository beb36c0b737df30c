/** Challenges: a game, a ladder challenge or a series, before it is accepted. */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { RulesetId } from "../../engine/index.ts";
import { games } from "./games.ts";

export const CHALLENGE_STATUSES = ["pending", "accepted", "declined", "cancelled", "expired"] as const;
export const FIRST_CHOICES = ["me", "them", "random"] as const;
export type FirstChoice = (typeof FIRST_CHOICES)[number];
/** A plain game, a challenge-ladder game, or a first-to-N series. */
export const CHALLENGE_KINDS = ["game", "ladder", "series"] as const;
export type ChallengeKind = (typeof CHALLENGE_KINDS)[number];

export const challenges = sqliteTable(
  "challenges",
  {
    id: text("id").primaryKey(),
    guildId: text("guild_id").notNull(),
    channelId: text("channel_id").notNull(),
    messageId: text("message_id"),
    challengerId: text("challenger_id").notNull(),
    /** Null for an open challenge that anyone may accept. */
    opponentId: text("opponent_id"),
    ruleset: text("ruleset").$type<RulesetId>().notNull(),
    first: text("first", { enum: FIRST_CHOICES }).notNull(),
    timeLimit: integer("time_limit").notNull(),
    rated: integer("rated", { mode: "boolean" }).notNull(),
    kind: text("kind", { enum: CHALLENGE_KINDS }).notNull().default("game"),
    /** Wins needed to take a series (kind "series"). */
    firstTo: integer("first_to"),
    /** Why the terms differ from what was asked, e.g. played unrated because of the daily pair limit. */
    note: text("note"),
    status: text("status", { enum: CHALLENGE_STATUSES }).notNull().default("pending"),
    gameId: text("game_id").references(() => games.id),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [
    index("challenges_status_expires").on(t.status, t.expiresAt),
    // The challenge rate limit counts a player's recent challenges in a server.
    index("challenges_challenger_created").on(t.guildId, t.challengerId, t.createdAt),
  ],
);

export type ChallengeRow = typeof challenges.$inferSelect;
