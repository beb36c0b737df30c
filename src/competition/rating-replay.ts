/**
 * Applying one rated game to a set of standings, in memory. The incremental update after a game and
 * the full rebuild (after a void) both go through `applyGame`, so they cannot disagree.
 */
import type { GameRow, RatingChangeRow } from "../db/schema.ts";
import { INITIAL_RATING, rateGame, type Score } from "./glicko.ts";

export interface Standing {
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Finish time of the game that gave the current rating. */
  readonly reachedAt: number;
}

export function newStanding(): Standing {
  return { ...INITIAL_RATING, games: 0, wins: 0, draws: 0, losses: 0, reachedAt: 0 };
}

/**
 * Whether a game changes ratings: finished with a result (not aborted or cancelled), rated, not
 * voided, between two different people, neither of them a bot (the computer opponent to come).
 */
export function isRatable(row: GameRow, bots: ReadonlySet<string>): boolean {
  return (
    row.status === "finished" &&
    row.rated &&
    row.voidedAt === null &&
    row.finishedAt !== null &&
    row.southId !== row.northId &&
    !bots.has(row.southId) &&
    !bots.has(row.northId)
  );
}

export function southScore(row: GameRow): Score {
  return row.winner === 0 ? 1 : row.winner === 1 ? 0 : 0.5;
}

function after(s: Standing, rating: typeof INITIAL_RATING, score: Score, at: number): Standing {
  return {
    ...rating,
    games: s.games + 1,
    wins: s.wins + (score === 1 ? 1 : 0),
    draws: s.draws + (score === 0.5 ? 1 : 0),
    losses: s.losses + (score === 0 ? 1 : 0),
    reachedAt: at,
  };
}

/** Rates `row` (already known to be ratable) against `standings`, updating them; returns the two changes. */
export function applyGame(standings: Map<string, Standing>, row: GameRow, season: number): RatingChangeRow[] {
  const at = row.finishedAt ?? row.updatedAt;
  const south = standings.get(row.southId) ?? newStanding();
  const north = standings.get(row.northId) ?? newStanding();
  const score = southScore(row);
  const [newSouth, newNorth] = rateGame(south, north, score);
  standings.set(row.southId, after(south, newSouth, score, at));
  standings.set(row.northId, after(north, newNorth, (1 - score) as Score, at));
  const change = (userId: string, opponentId: string, me: Standing, them: Standing, mine: Score, next: Standing) => ({
    gameId: row.id,
    userId,
    guildId: row.guildId,
    ruleset: row.ruleset,
    season,
    opponentId,
    score: mine,
    ratingBefore: me.rating,
    deviationBefore: me.deviation,
    ratingAfter: next.rating,
    deviationAfter: next.deviation,
    opponentRating: them.rating,
    finishedAt: at,
  });
  return [
    change(row.southId, row.northId, south, north, score, standings.get(row.southId)!),
    change(row.northId, row.southId, north, south, (1 - score) as Score, standings.get(row.northId)!),
  ];
}
