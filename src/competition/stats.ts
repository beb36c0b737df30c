/** A player's season in one ruleset, from their rating changes in game order. Pure. */
import type { RatingChangeRow } from "../db/schema.ts";

/** A point of the rating chart (the renderer's chart takes the same shape). */
export interface RatingPoint {
  /** Unix milliseconds. */
  readonly at: number;
  readonly rating: number;
  readonly deviation: number;
}

export interface PlayerStats {
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Wins in a row up to the last game. */
  readonly currentStreak: number;
  readonly bestStreak: number;
  /** The highest-rated opponent beaten (their rating before that game). */
  readonly bestWin: { readonly opponentId: string; readonly rating: number; readonly gameId: string } | null;
  /** Latest first. */
  readonly recent: readonly RatingChangeRow[];
  readonly chart: readonly RatingPoint[];
}

export function playerStats(changes: readonly RatingChangeRow[], recent = 5): PlayerStats {
  let streak = 0;
  let best = 0;
  let bestWin: PlayerStats["bestWin"] = null;
  for (const c of changes) {
    streak = c.score === 1 ? streak + 1 : 0;
    best = Math.max(best, streak);
    if (c.score === 1 && (bestWin === null || c.opponentRating > bestWin.rating)) {
      bestWin = { opponentId: c.opponentId, rating: c.opponentRating, gameId: c.gameId };
    }
  }
  return {
    games: changes.length,
    wins: changes.filter((c) => c.score === 1).length,
    draws: changes.filter((c) => c.score === 0.5).length,
    losses: changes.filter((c) => c.score === 0).length,
    currentStreak: streak,
    bestStreak: best,
    bestWin,
    recent: changes.slice(-recent).reverse(),
    chart: changes.map((c) => ({ at: c.finishedAt, rating: c.ratingAfter, deviation: c.deviationAfter })),
  };
}
