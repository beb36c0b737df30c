/**
 * The bot's tables. One file per feature in schema/ (one table per `sqliteTable` export), all exported here; a change there needs a new migration made with
 * `npx drizzle-kit generate --name <name>`.
 * Times are Unix milliseconds; booleans are integers (drizzle's `mode: "boolean"`).
 */

export * from "./schema/challenges.ts";
export * from "./schema/competition.ts";
export * from "./schema/games.ts";
export * from "./schema/outbox.ts";
export * from "./schema/players.ts";
export * from "./schema/puzzles.ts";
export * from "./schema/settings.ts";
export * from "./schema/tournaments.ts";
