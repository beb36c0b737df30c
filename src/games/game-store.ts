/** Queries and inserts on the games table shared by the game, challenge and series code (inside their transactions). */
import { and, asc, count, eq, isNotNull, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { builtOnce, type Db, type Tx } from "../db/client.ts";
import { type ComputerLevel, type GameRow, games } from "../db/schema.ts";
import { formatPosition, newGame, type Player, type RulesetId } from "../engine/index.ts";
import { newId } from "./ids.ts";

export interface NewGameInput {
  readonly guildId: string;
  readonly channelId: string;
  readonly messageId: string | null;
  readonly ruleset: RulesetId;
  readonly southId: string;
  readonly northId: string;
  readonly timeLimit: number;
  readonly rated: boolean;
  readonly seriesId?: string | null;
  readonly seriesGame?: number | null;
  readonly ladderChallengerId?: string | null;
  /** A pairing of a Swiss tournament: the tournament and the round. */
  readonly tournamentId?: string | null;
  readonly tournamentRound?: number | null;
  /** A game against the computer opponent (one of the players is Nickar itself): its strength. */
  readonly level?: ComputerLevel | null;
}

/**
 * Deadline and reminder for the move that starts now. The computer opponent has none: it moves as
 * soon as its search ends and never loses on time (src/games/jobs/computer-turns.ts resumes it).
 */
export function clockFields(timeLimit: number, now: number, computerToMove = false) {
  if (computerToMove) return { deadlineAt: null, reminderAt: null };
  return { deadlineAt: now + timeLimit * 1000, reminderAt: now + timeLimit * 500 };
}

/** The seat of the computer opponent in a game against it (its user id is one of `bots`), else null. */
export function computerSeat(row: GameRow, bots: ReadonlySet<string>): Player | null {
  if (row.level === null) return null;
  return bots.has(row.southId) ? 0 : bots.has(row.northId) ? 1 : null;
}

/**
 * Creates a game inside the caller's transaction (a challenge accepted, the next game of a series, a
 * tournament pairing, a game against the computer, whose user id is `computerId`).
 */
export function insertGame(tx: Tx, input: NewGameInput, now: number, computerId: string | null = null): GameRow {
  const start = newGame(input.ruleset).position;
  const first = start.toMove === 0 ? input.southId : input.northId;
  const computerFirst = computerId !== null && first === computerId;
  const values: Record<InsertedColumn, unknown> = {
    id: newId(),
    guildId: input.guildId,
    channelId: input.channelId,
    messageId: input.messageId,
    ruleset: input.ruleset,
    southId: input.southId,
    northId: input.northId,
    timeLimit: input.timeLimit,
    // A placeholder's value reaches SQLite as given (builtOnce): the boolean in its column's form.
    rated: games.rated.mapToDriverValue(input.rated),
    seriesId: input.seriesId ?? null,
    seriesGame: input.seriesGame ?? null,
    ladderChallengerId: input.ladderChallengerId ?? null,
    tournamentId: input.tournamentId ?? null,
    tournamentRound: input.tournamentRound ?? null,
    level: input.level ?? null,
    position: formatPosition(start),
    ...clockFields(input.timeLimit, now, computerFirst),
    createdAt: now,
    updatedAt: now,
  };
  return insertedGame(tx).get(values)!;
}

/** The columns a new game is given; the others take their defaults (active, no moves, ply 0…). */
const INSERTED = [
  "id",
  "guildId",
  "channelId",
  "messageId",
  "ruleset",
  "southId",
  "northId",
  "timeLimit",
  "rated",
  "seriesId",
  "seriesGame",
  "ladderChallengerId",
  "tournamentId",
  "tournamentRound",
  "level",
  "position",
  "deadlineAt",
  "reminderAt",
  "createdAt",
  "updatedAt",
] as const;
type InsertedColumn = (typeof INSERTED)[number];

/**
 * The insert, built once per connection with a placeholder per column: drizzle building the statement each
 * time cost about 1-3 ms a game, most of the transaction that creates a 250-game Swiss round (0.3-0.8 s for
 * 250 games, 30-60 ms prepared; measured with the same rows).
 */
const insertedGame = builtOnce((db) =>
  db
    .insert(games)
    .values(Object.fromEntries(INSERTED.map((c) => [c, sql.placeholder(c)])) as unknown as typeof games.$inferInsert)
    .returning()
    .prepare(),
);

/** How many games meet `where`. */
export function countGames(tx: Tx | Db, where: SQL | undefined): number {
  return tx.select({ n: count() }).from(games).where(where).get()?.n ?? 0;
}

/** The games of a player in a server (South or North) whose status meets `status`. */
export function playerGames(guildId: string, userId: string, status: SQL) {
  return and(eq(games.guildId, guildId), status, or(eq(games.southId, userId), eq(games.northId, userId)));
}

/** Counts active games of a player in a server (for the simultaneous-games limit). */
export function activeGameCount(tx: Tx | Db, guildId: string, userId: string): number {
  return countGames(tx, playerGames(guildId, userId, eq(games.status, "active")));
}

/**
 * The optimistic write: applies `changes` only if the game is still active at the ply `row` was read
 * at (`WHERE id = ? AND ply = ? AND status = 'active'`), and returns the row as written, or null when
 * someone changed the game since. The game service also checks the ply when it loads the row in the
 * same IMMEDIATE transaction, so today this guard is a second line: it holds for any caller that
 * writes from a row read earlier, outside the transaction.
 */
/** A game by its id (`get({ id })`): read at every press, built once. */
export const gameById = builtOnce((db) =>
  db
    .select()
    .from(games)
    .where(eq(games.id, sql.placeholder("id")))
    .prepare(),
);

// Each scheduler sweep's (at every change, throttled): built once.
/** The active games whose deadline or reminder has come (`all({ now })`). */
export const dueGames = builtOnce((db) => {
  const now = sql.placeholder("now");
  return db
    .select({ id: games.id })
    .from(games)
    .where(
      and(
        eq(games.status, "active"),
        or(lte(games.deadlineAt, now), and(isNotNull(games.reminderAt), lte(games.reminderAt, now))),
      ),
    )
    .prepare();
});
/** Every active game's deadline and reminder. */
export const activeDeadlines = builtOnce((db) =>
  db
    .select({ id: games.id, deadlineAt: games.deadlineAt, reminderAt: games.reminderAt })
    .from(games)
    .where(eq(games.status, "active"))
    .prepare(),
);
/** The active games that have no message yet, oldest first. */
export const unpostedGames = builtOnce((db) =>
  db
    .select()
    .from(games)
    .where(and(eq(games.status, "active"), isNull(games.messageId)))
    .orderBy(asc(games.createdAt))
    .prepare(),
);

export function updateIfCurrent(tx: Tx, row: GameRow, changes: Partial<GameRow>): GameRow | null {
  const fields = Object.keys(changes).filter((k) => changes[k as keyof GameRow] !== undefined) as (keyof GameRow)[];
  const values: Record<string, unknown> = { id: row.id, ply: row.ply };
  // A placeholder's value reaches SQLite as given: each is put in its column's form here (a boolean as 0 or 1).
  for (const field of fields) {
    const value = changes[field];
    values[`set_${field}`] = value === null ? null : games[field].mapToDriverValue(value as never);
  }
  return updateOf(fields.join(","))(tx).get(values) ?? null;
}

/** The update of these fields (comma-separated), built once: a move writes the same few fields every time. */
const updates = new Map<string, ReturnType<typeof buildUpdate>>();
function updateOf(fields: string) {
  let update = updates.get(fields);
  if (!update) {
    update = buildUpdate(fields.split(",").filter(Boolean) as (keyof GameRow)[]);
    updates.set(fields, update);
  }
  return update;
}

function buildUpdate(fields: readonly (keyof GameRow)[]) {
  return builtOnce((tx) =>
    tx
      .update(games)
      .set(Object.fromEntries(fields.map((f) => [f, sql.placeholder(`set_${f}`)])))
      .where(
        and(eq(games.id, sql.placeholder("id")), eq(games.ply, sql.placeholder("ply")), eq(games.status, "active")),
      )
      .returning()
      .prepare(),
  );
}
