/**
 * The leaderboard, as pure functions over rating rows: established players are ranked, provisional
 * ones ("?", deviation 110 or more) are listed after them without a rank. Ties are broken by rating,
 * then games played, then who reached their rating first, then user id, so the order never depends
 * on the database.
 */
import { isProvisional } from "./glicko.ts";
import type { Standing } from "./rating-replay.ts";

/** A player's standing, as stored in a rating row. */
export interface StandingRow extends Standing {
  readonly userId: string;
}

export interface Entry extends StandingRow {
  /** 1-based rank among established players; null for a provisional player. */
  readonly rank: number | null;
  readonly provisional: boolean;
}

export const PAGE_SIZE = 10;

export function compareStandings(a: StandingRow, b: StandingRow): number {
  return (
    b.rating - a.rating ||
    b.games - a.games ||
    a.reachedAt - b.reachedAt ||
    (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0)
  );
}

/** Ranked players first, then the provisional ones; both in leaderboard order. */
export function leaderboardEntries(rows: readonly StandingRow[]): Entry[] {
  const sorted = [...rows].sort(compareStandings);
  const ranked = sorted.filter((r) => !isProvisional(r)).map((r, i) => ({ ...r, rank: i + 1, provisional: false }));
  const provisional = sorted.filter((r) => isProvisional(r)).map((r) => ({ ...r, rank: null, provisional: true }));
  return [...ranked, ...provisional];
}

export interface Page {
  /** 0-based, clamped to the pages there are. */
  readonly page: number;
  readonly pages: number;
  readonly entries: readonly Entry[];
  /** Position of the user in the whole list (0-based), or null when they have no rating. */
  readonly userIndex: number | null;
}

export function pageOf(entries: readonly Entry[], page: number, userId: string): Page {
  const pages = Math.max(1, Math.ceil(entries.length / PAGE_SIZE));
  const clamped = Math.min(Math.max(0, page), pages - 1);
  const index = entries.findIndex((e) => e.userId === userId);
  return {
    page: clamped,
    pages,
    entries: entries.slice(clamped * PAGE_SIZE, (clamped + 1) * PAGE_SIZE),
    userIndex: index < 0 ? null : index,
  };
}

/** The page a user is on, or 0. */
export function pageOfUser(entries: readonly Entry[], userId: string): number {
  const index = entries.findIndex((e) => e.userId === userId);
  return index < 0 ? 0 : Math.floor(index / PAGE_SIZE);
}

/** "1723" or "1662?" (rounded, with the provisional mark). */
export function formatRating(r: { rating: number; deviation: number }): string {
  return `${Math.round(r.rating)}${isProvisional(r) ? "?" : ""}`;
}
