/**
 * Arena tournaments, pure (issue #22), in the manner of Lichess's arenas: a game scores 2 for a win, 1 for
 * a draw and 0 for a loss; after two wins in a row a player is on fire (the flame) and every further win
 * scores double (4) until a game that is not a win. Whoever is free is paired again at once: the waiting
 * players are paired by one maximum-weight matching (the same library as pairing.ts, for the same
 * reason), preferring near ranks and never an immediate rematch.
 */
import blossom from "edmonds-blossom-fixed";
import type { SwissPair } from "./types.ts";

/** A game's result from one player's side. */
export type ArenaOutcome = "win" | "draw" | "loss";

export const ARENA_POINTS: Readonly<Record<ArenaOutcome, number>> = { win: 2, draw: 1, loss: 0 };
/** Wins in a row after which a player is on fire: each further win scores double. */
export const FIRE_AFTER = 2;

export interface ArenaScore {
  /** Points of each game, in the order played. */
  readonly points: readonly number[];
  readonly total: number;
  /** Two wins running or more: the next win scores double. */
  readonly onFire: boolean;
}

/** A player's points game by game, their total and whether they are on fire now. */
export function arenaScore(outcomes: readonly ArenaOutcome[]): ArenaScore {
  let streak = 0;
  const points = outcomes.map((o) => {
    const doubled = o === "win" && streak >= FIRE_AFTER;
    streak = o === "win" ? streak + 1 : 0;
    return ARENA_POINTS[o] * (doubled ? 2 : 1);
  });
  return { points, total: points.reduce((a, b) => a + b, 0), onFire: streak >= FIRE_AFTER };
}

export interface ArenaEntrant {
  readonly id: string;
  readonly rating: number;
  /** Their finished games' outcomes, in the order they ended. */
  readonly outcomes: readonly ArenaOutcome[];
}

export interface ArenaStanding {
  /** 1-based; equal totals and ratings share a rank. */
  readonly rank: number;
  readonly id: string;
  readonly score: number;
  readonly played: number;
  readonly onFire: boolean;
}

/** Standings: total points, then (as Lichess) the rating the player entered with; equal on both share a rank. */
export function arenaStandings(entrants: readonly ArenaEntrant[]): ArenaStanding[] {
  const scored = entrants.map((e) => ({ e, s: arenaScore(e.outcomes) }));
  scored.sort((a, b) => b.s.total - a.s.total || b.e.rating - a.e.rating || (a.e.id < b.e.id ? -1 : 1));
  const result: ArenaStanding[] = [];
  scored.forEach(({ e, s }, i) => {
    const prev = scored[i - 1];
    const tied = prev && prev.s.total === s.total && prev.e.rating === e.rating;
    result.push({
      rank: tied ? result[i - 1].rank : i + 1,
      id: e.id,
      score: s.total,
      played: e.outcomes.length,
      onFire: s.onFire,
    });
  });
  return result;
}

/**
 * How far apart in the waiting list two players may be paired. Near ranks are what the weights prefer
 * anyway, and the matching of a whole graph of 400 waiting players took 1.7 s here, 0.45 s with the
 * window (200: 170 ms and 85 ms). Two waiting players further apart than this wait for the next wave.
 */
export const ARENA_WINDOW = 64;

/** A player free to be paired. */
export interface ArenaWaiting {
  readonly id: string;
  /** Their place in the standings now (1 = top). */
  readonly rank: number;
  /** Whom they played last, if anyone: never paired again at once. */
  readonly lastOpponent: string | null;
  /** Games played as South less games played as North: who is owed South. */
  readonly southBalance: number;
}

/**
 * Pairs the waiting players (as lila does: a maximum-weight matching of the waiting pool): as many pairs
 * as possible, then the smallest total distance in rank; no one with themselves, twice, or with the
 * opponent of their last game. South goes to whoever has had it less (then the lower-ranked player).
 * Those left unpaired wait for the next game to end. Deterministic: the same pool gives the same pairs.
 */
export function pairArenaWave(waiting: readonly ArenaWaiting[]): { pairs: SwissPair[]; waiting: string[] } {
  const pool = [...new Map(waiting.map((w) => [w.id, w])).values()].sort(
    (a, b) => a.rank - b.rank || (a.id < b.id ? -1 : 1),
  );
  const n = pool.length;
  const edges: [number, number, number][] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < Math.min(n, i + 1 + ARENA_WINDOW); j++) {
      const a = pool[i];
      const b = pool[j];
      if (a.lastOpponent === b.id || b.lastOpponent === a.id) continue;
      // Maximum cardinality first (the library's flag), then the heaviest: the nearest ranks.
      edges.push([i, j, n + 1 - Math.min(n, Math.abs(a.rank - b.rank))]);
    }
  }
  const mate: number[] = edges.length ? blossom(edges, true) : [];
  const pairs: SwissPair[] = [];
  const paired = new Set<number>();
  for (let i = 0; i < n; i++) {
    const j = mate[i] ?? -1;
    if (j < 0 || paired.has(i) || paired.has(j)) continue;
    paired.add(i).add(j);
    const [a, b] = [pool[i], pool[j]];
    const aSouth = a.southBalance < b.southBalance || (a.southBalance === b.southBalance && a.rank > b.rank);
    pairs.push(aSouth ? { south: a.id, north: b.id } : { south: b.id, north: a.id });
  }
  return { pairs, waiting: pool.filter((_, i) => !paired.has(i)).map((p) => p.id) };
}
