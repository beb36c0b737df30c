/**
 * Arena tournaments, pure (issue #22), in the manner of Lichess's arenas: a game scores 2 for a win, 1 for
 * a draw and 0 for a loss; after two wins in a row a player is on fire (the flame) and every further win
 * scores double (4) until a game that is not a win. Against draw farming (Lichess's rule), a draw agreed
 * before both players made EARLY_DRAW_MOVES moves scores nothing (and puts the fire out, as any draw). Whoever is free is paired again at once: the waiting
 * players are paired by one maximum-weight matching (the same library as pairing.ts, for the same
 * reason), preferring near ranks and never an immediate rematch.
 */
import blossom from "edmonds-blossom-fixed";
import type { SwissPair } from "./types.ts";

/** A game's result from one player's side; `early-draw`: a draw agreed too early to score (see `earlyDraw`). */
export type ArenaOutcome = "win" | "draw" | "early-draw" | "loss";

export const ARENA_POINTS: Readonly<Record<ArenaOutcome, number>> = { win: 2, draw: 1, "early-draw": 0, loss: 0 };

/** Moves each player must have made for an agreed draw to score (Lichess: ten moves, twenty plies). */
export const EARLY_DRAW_MOVES = 10;

/**
 * Whether a draw agreed by the players (not one reached on the board) scores nothing: agreed before both
 * made EARLY_DRAW_MOVES moves. `moves`: the moves South and North made (a Caribbean extra move counts).
 */
export function earlyDraw(moves: readonly [number, number]): boolean {
  return Math.min(moves[0], moves[1]) < EARLY_DRAW_MOVES;
}
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
 * How far apart in the waiting list two players may be paired at first. Near ranks are what the weights
 * prefer anyway, and the matching of a whole graph of 400 waiting players took 1.7 s here, 0.45 s with the
 * window (200: 170 ms and 85 ms). When the window leaves two or more players unpaired, the matching is
 * done again on a window twice as wide, up to the whole graph, so the window never costs a pair (only
 * time: a pool of 400 whose top player had just met all 64 below them took 1.3-1.9 s here).
 */
export const ARENA_WINDOW = 64;

/** A player free to be paired. */
export interface ArenaWaiting {
  readonly id: string;
  /** Their place in the standings now (1 = top); ranks need not be consecutive among the waiting. */
  readonly rank: number;
  /** Whom they played last, if anyone: never paired again at once (but see ArenaWaveContext.playing). */
  readonly lastOpponent: string | null;
  /** Games played as South less games played as North: who is owed South. */
  readonly southBalance: number;
  /** Paused (they left for a while): never paired, and not counted as waiting. Default false. */
  readonly paused?: boolean;
}

/** What the wave needs to know beyond the waiting players. */
export interface ArenaWaveContext {
  /**
   * How many players are in games now. When it is 0 and exactly two players wait, nobody else can free
   * up to meet them, so they may play each other again at once (lila, likewise, lets its only two active
   * players meet again). Unknown (the default): an immediate rematch is never allowed.
   */
  readonly playing?: number;
}

/** A wave: the pairs to start, and the ids left waiting for the next game to end (paused players excluded). */
export interface ArenaWave {
  readonly pairs: SwissPair[];
  readonly waiting: string[];
}

/** Ranks as weights may use them: whole numbers in 1..2^31 (a missing or huge rank is the bottom). */
const RANK_CAP = 2 ** 31;
const weightRank = (rank: number) =>
  Number.isFinite(rank) ? Math.min(Math.max(Math.round(rank), 1), RANK_CAP) : RANK_CAP;

/**
 * Pairs the waiting players (as lila does: a maximum-weight matching of the waiting pool): as many pairs
 * as possible, then the smallest total distance in rank (each edge weighs the pool's span of ranks plus
 * one, less the pair's distance, so every weight is positive and the sum ranks matchings of equal size by
 * distance exactly); no one with themselves, twice, paused, or with the opponent of their last game
 * (unless `context` says they are the only two left). South goes to whoever has had it less (then the
 * lower-ranked player). An id listed twice counts once (its last entry). Those left unpaired wait for the
 * next game to end. Deterministic: the same pool gives the same pairs, whatever its order.
 */
export function pairArenaWave(waiting: readonly ArenaWaiting[], context: ArenaWaveContext = {}): ArenaWave {
  const pool = [...new Map(waiting.map((w) => [w.id, w])).values()]
    .filter((w) => !w.paused)
    .sort((a, b) => weightRank(a.rank) - weightRank(b.rank) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const n = pool.length;
  const rematchAllowed = n === 2 && context.playing === 0;
  const ranks = pool.map((p) => weightRank(p.rank));
  const span = n > 0 ? ranks[n - 1] - ranks[0] : 0;
  const build = (window: number): number[][] => {
    const edges: number[][] = [];
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < Math.min(n, i + 1 + window); j++) {
        const a = pool[i];
        const b = pool[j];
        if (!rematchAllowed && (a.lastOpponent === b.id || b.lastOpponent === a.id)) continue;
        // Maximum cardinality first (the library's flag), then the heaviest: the nearest ranks.
        edges.push([i, j, span + 1 - (ranks[j] - ranks[i])]);
      }
    }
    return edges;
  };
  const match = (window: number): number[] => {
    const edges = build(window);
    return edges.length ? blossom(edges, true) : [];
  };
  const unpaired = (mate: number[]) => pool.reduce((k, _, i) => k + ((mate[i] ?? -1) < 0 ? 1 : 0), 0);
  // Two or more left unpaired by a window may be paired on a wider one: double it up to the whole graph.
  let window = ARENA_WINDOW;
  let mate = match(window);
  while (window < n - 1 && unpaired(mate) >= 2) {
    window *= 2;
    mate = match(window);
  }
  const pairs: SwissPair[] = [];
  const paired = new Set<number>();
  for (let i = 0; i < n; i++) {
    const j = mate[i] ?? -1;
    if (j < 0 || paired.has(i) || paired.has(j)) continue;
    paired.add(i).add(j);
    const [a, b] = [pool[i], pool[j]];
    const aSouth =
      a.southBalance < b.southBalance ||
      (a.southBalance === b.southBalance && ranks[i] > ranks[j]) ||
      (a.southBalance === b.southBalance && ranks[i] === ranks[j] && a.id > b.id);
    pairs.push(aSouth ? { south: a.id, north: b.id } : { south: b.id, north: a.id });
  }
  return { pairs, waiting: pool.filter((_, i) => !paired.has(i)).map((p) => p.id) };
}
