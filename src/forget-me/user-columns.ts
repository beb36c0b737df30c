/**
 * Where the database names a user, table by table: what `/nickar forget-me` does with each column (src/forget-me/
 * forget.ts goes through this list). Every table of the schema is here, those that name nobody with no
 * columns, and test/forget-me/user-columns.test.ts checks the list against SQLite's own catalogue: a table
 * added later and not declared here fails that test before it can keep a forgotten player's id.
 */
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  analyses,
  botState,
  challenges,
  dailyPuzzles,
  forgottenPlayers,
  games,
  guildSettings,
  ladderRungs,
  notices,
  outbox,
  players,
  puzzleAttempts,
  puzzleMining,
  puzzleRatings,
  puzzles,
  ratingChanges,
  ratings,
  roleGrants,
  roleRules,
  seasons,
  series,
  tournamentPairings,
  tournamentPlayers,
  tournaments,
} from "../db/schema.ts";

/**
 * - `delete`: the row is the player's alone (a rating, a try at a puzzle, a role Nickar gave them): it goes.
 * - `placeholder`: the row stays for others (a game, a pairing, a rule an admin set): the id becomes the
 *   forgotten player's placeholder.
 * - `text`: free text or JSON that may name them anywhere (`<@id>`, `{"user":"id"}`): each naming becomes
 *   the placeholder.
 */
export type Fate = "delete" | "placeholder" | "text";

export interface UserColumns {
  readonly table: SQLiteTable;
  readonly columns: readonly (readonly [SQLiteColumn, Fate])[];
}

export const USER_COLUMNS: readonly UserColumns[] = [
  {
    table: games,
    columns: [
      [games.southId, "placeholder"],
      [games.northId, "placeholder"],
      [games.ladderChallengerId, "placeholder"],
      [games.note, "text"],
      [games.voidReason, "text"],
    ],
  },
  {
    table: challenges,
    columns: [
      [challenges.challengerId, "placeholder"],
      [challenges.opponentId, "placeholder"],
      [challenges.note, "text"],
    ],
  },
  {
    table: series,
    columns: [
      [series.playerA, "placeholder"],
      [series.playerB, "placeholder"],
      [series.winnerId, "placeholder"],
    ],
  },
  // Their ratings go (each standings they were in is rebuilt); their opponents' history keeps the game.
  { table: ratings, columns: [[ratings.userId, "delete"]] },
  {
    table: ratingChanges,
    columns: [
      [ratingChanges.userId, "delete"],
      [ratingChanges.opponentId, "placeholder"],
    ],
  },
  // Left before (the players below move up): nothing of theirs is left to delete.
  { table: ladderRungs, columns: [[ladderRungs.userId, "delete"]] },
  // The analysis stays with its game.
  { table: analyses, columns: [[analyses.requestedBy, "placeholder"]] },
  { table: players, columns: [[players.userId, "delete"]] },
  { table: tournaments, columns: [[tournaments.createdBy, "placeholder"]] },
  { table: tournamentPlayers, columns: [[tournamentPlayers.userId, "placeholder"]] },
  {
    table: tournamentPairings,
    columns: [
      [tournamentPairings.southId, "placeholder"],
      [tournamentPairings.northId, "placeholder"],
    ],
  },
  // The rule is the server's: it stays. The roles Nickar gave them were taken back before (RoleKeeper.forgetting).
  { table: roleRules, columns: [[roleRules.createdBy, "placeholder"]] },
  { table: roleGrants, columns: [[roleGrants.userId, "delete"]] },
  // A puzzle's own rating and counts stay.
  { table: puzzleRatings, columns: [[puzzleRatings.userId, "delete"]] },
  { table: puzzleAttempts, columns: [[puzzleAttempts.userId, "delete"]] },
  // A post that names them (a withdrawal): an unsent one is never made. Its args may mention them too.
  { table: outbox, columns: [[outbox.userId, "delete"]] },
  // Naming nobody: servers' settings and seasons, the bot's own state, the placeholders themselves, the
  // notices on display (a message and its channel), puzzles and the daily puzzle's counts, the mining's progress.
  { table: guildSettings, columns: [] },
  { table: seasons, columns: [] },
  { table: botState, columns: [] },
  { table: forgottenPlayers, columns: [] },
  { table: notices, columns: [] },
  { table: puzzles, columns: [] },
  { table: dailyPuzzles, columns: [] },
  { table: puzzleMining, columns: [] },
];
