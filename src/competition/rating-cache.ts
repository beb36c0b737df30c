/**
 * Ratings are a cache over the games table: `ratings` and `rating_changes` for one server, ruleset
 * and season can always be rebuilt by replaying that season's finished, rated, non-voided games in
 * finish order (finish time, then game id). After a game the cache is updated incrementally, which
 * gives the same numbers as long as the game is the last in that order; otherwise it is rebuilt.
 */
import { and, asc, desc, eq, gt, isNull, lte } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { forgottenAmong } from "../db/forgotten.ts";
import { type GameRow, games, type RatingChangeRow, ratingChanges, ratings } from "../db/schema.ts";
import { applyGame, isRatable, type Standing } from "./rating-replay.ts";
import { inScope, type RulesetScope } from "./scope.ts";
import { seasonAt, seasonWindow } from "./seasons.ts";

export interface RatingKey extends RulesetScope {
  readonly season: number;
}

/** The `ratings` rows of one server, ruleset and season. */
export function ratingWhere(key: RatingKey) {
  return and(inScope(ratings, key), eq(ratings.season, key.season));
}

/** The `rating_changes` rows of one server, ruleset and season. */
export function changeWhere(key: RatingKey) {
  return and(inScope(ratingChanges, key), eq(ratingChanges.season, key.season));
}

/**
 * Writes the standings and changes, except those of forgotten players: their games still count for
 * their opponents (the replay rates them as anyone), but they have no rating and no history.
 */
function save(tx: Tx, key: RatingKey, standings: Map<string, Standing>, changes: RatingChangeRow[]): void {
  const forgotten = forgottenAmong(tx, [...standings.keys()]);
  for (const [userId, s] of standings) {
    if (forgotten.has(userId)) continue;
    const values = { ...key, userId, ...s };
    tx.insert(ratings)
      .values(values)
      .onConflictDoUpdate({
        target: [ratings.guildId, ratings.ruleset, ratings.season, ratings.userId],
        set: { ...s },
      })
      .run();
  }
  for (const change of changes) if (!forgotten.has(change.userId)) tx.insert(ratingChanges).values(change).run();
}

/** The season's rated games in replay order. */
function seasonGames(tx: Tx, key: RatingKey): GameRow[] {
  const window = seasonWindow(tx, key.guildId, key.season);
  return tx
    .select()
    .from(games)
    .where(
      and(
        inScope(games, key),
        eq(games.status, "finished"),
        eq(games.rated, true),
        isNull(games.voidedAt),
        window.after === null ? undefined : gt(games.finishedAt, window.after),
        window.until === null ? undefined : lte(games.finishedAt, window.until),
      ),
    )
    .orderBy(asc(games.finishedAt), asc(games.id))
    .all();
}

/** Throws the cached ratings of one server, ruleset and season away and replays its games. */
export function rebuildRatings(tx: Tx, key: RatingKey, bots: ReadonlySet<string>): void {
  tx.delete(ratings).where(ratingWhere(key)).run();
  tx.delete(ratingChanges).where(changeWhere(key)).run();
  const standings = new Map<string, Standing>();
  const changes: RatingChangeRow[] = [];
  for (const row of seasonGames(tx, key)) {
    if (isRatable(row, bots)) changes.push(...applyGame(standings, row, key.season));
  }
  save(tx, key, standings, changes);
}

function load(tx: Tx, key: RatingKey, userId: string): Standing | null {
  const row = tx
    .select()
    .from(ratings)
    .where(and(ratingWhere(key), eq(ratings.userId, userId)))
    .get();
  if (!row) return null;
  const { guildId: _g, ruleset: _r, season: _s, userId: _u, ...standing } = row;
  return standing;
}

/** The step run in the transaction that ended `row`: rates it when it counts. */
export function rateEndedGame(tx: Tx, row: GameRow, bots: ReadonlySet<string>): void {
  if (!isRatable(row, bots) || row.finishedAt === null) return;
  const key = { guildId: row.guildId, ruleset: row.ruleset, season: seasonAt(tx, row.guildId, row.finishedAt) };
  const latest = tx
    .select({ finishedAt: ratingChanges.finishedAt, gameId: ratingChanges.gameId })
    .from(ratingChanges)
    .where(changeWhere(key))
    .orderBy(desc(ratingChanges.finishedAt), desc(ratingChanges.gameId))
    .limit(1)
    .get();
  // A game that sorts before one already rated (same millisecond, or a clock set back) would be
  // rated out of replay order: rebuild instead, so the cache always equals the replay.
  if (
    latest &&
    (latest.finishedAt > row.finishedAt || (latest.finishedAt === row.finishedAt && latest.gameId > row.id))
  ) {
    rebuildRatings(tx, key, bots);
    return;
  }
  const standings = new Map<string, Standing>();
  for (const userId of [row.southId, row.northId]) {
    const standing = load(tx, key, userId);
    if (standing) standings.set(userId, standing);
  }
  save(tx, key, standings, applyGame(standings, row, key.season));
}

/** After a void: the season of the game is replayed without it. */
export function rebuildAfterVoid(tx: Tx, row: GameRow, bots: ReadonlySet<string>): void {
  if (row.finishedAt === null) return;
  rebuildRatings(
    tx,
    { guildId: row.guildId, ruleset: row.ruleset, season: seasonAt(tx, row.guildId, row.finishedAt) },
    bots,
  );
}
