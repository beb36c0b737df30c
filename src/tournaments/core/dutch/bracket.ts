/**
 * The brackets, paired from the top, each as bbpPairings 6 pairs it (swisssystems/dutch.cpp), step by step:
 *   1. the bracket (its moved-down players and its own score group) and the next score group get their full
 *      weights, and a maximum-weight matching over everyone still unpaired says what is achievable;
 *   2. moved-down players, highest first, are kept in the bracket where that costs nothing (C.04.3 B.3:
 *      the highest resident downfloaters are the ones paired), and each meets the highest opponent it can;
 *   3. in the remainder, S1 is its first `pairs` players; the fewest exchanges, the smallest exchanged
 *      numbers (lowest of S1 given away, highest of S2 taken), then each S1 player, top down, meets the
 *      highest S2 player that still leaves the best pairing (the first transposition in the rules' order);
 *   4. the bracket's unpaired players move down into the next bracket.
 * Every choice is a re-matching with a small term added to the weights' free low bits (weights.ts), so a
 * choice never costs a criterion higher in the order. With a `window`, each bracket is matched with only that
 * many players below the next score group (pair.ts checks the round came out complete, else pairs it again
 * without one).
 */
import type { MatchingGraph } from "./graph.ts";
import type { DutchPlayer } from "./players.ts";
import { type EdgeInput, edgeWeight, type WeightContext } from "./weights.ts";

export interface ByeChoice {
  readonly byeScore: number;
  readonly single: boolean;
  readonly unplayedRanks: ReadonlyMap<number, number>;
}

/** mate[v] over the sorted players (v itself for the bye). Vertices are indices into `sorted`. */
export function pairBrackets(
  sorted: readonly DutchPlayer[],
  graph: MatchingGraph,
  ctx: WeightContext,
  bye: ByeChoice,
  window: number | null,
): number[] {
  const n = sorted.length;
  const result = Array.from({ length: n }, (_, v) => v);
  const matched = new Array<boolean>(n).fill(false);
  let single = bye.single;
  /** The bracket's players then the next group's, as vertices (indices into sorted). */
  let players: number[] = [];
  let next = 0;
  while (next < n && sorted[next].score >= sorted[0].score) players.push(next++);
  let movedDown = 0;
  let groupVertex = 0;
  let stable: number[] = [];

  while (players.length > 1 || next < n) {
    // Only players moved down from the lowest group, and nobody below: this procedure cannot pair them (it pairs
    // moved-down players with residents). A window that hid players below lets this happen; the result is then
    // incomplete, and pairDutch pairs again without a window (where completion holds) instead of looping here.
    if (next === n && movedDown === players.length) break;
    const bracketEnd = players.length;
    const nextGroupVertex = groupVertex + (bracketEnd - movedDown);
    const groupStart = next;
    while (next < n && sorted[next].score >= sorted[groupStart].score) players.push(next++);
    const P = players;
    if (window !== null) {
      // Below the next group only completion counts (weights.ts: those edges' weights are a sum of
      // per-player terms), so `window` players more stand for the rest; an even count, so none is left over.
      let end = next + window;
      if (end < n && (P.length + window) % 2 === 1) end++;
      graph.limit(end);
    }
    const input = (larger: number): EdgeInput => ({
      inCurrent: larger < bracketEnd,
      inNext: larger >= bracketEnd,
      byeScore: bye.byeScore,
      singleDownfloaterIsBye: single,
      unplayedRanks: bye.unplayedRanks,
    });
    /** base[larger][smaller], indices into P. */
    const base: bigint[][] = [];
    for (let larger = movedDown; larger < P.length; larger++) {
      const row: bigint[] = [];
      const inp = input(larger);
      for (let smaller = 0; smaller < larger; smaller++) {
        row.push(edgeWeight(sorted[P[smaller]], sorted[P[larger]], inp, ctx));
        graph.set(P[larger], P[smaller], row[smaller]);
      }
      base[larger] = row;
    }
    const gb = ctx.groupBits;
    /** Base weight plus the exchange terms: fewer exchanges, then smaller exchanged numbers, then a free bit. */
    const exchangeWeight = (smaller: number, larger: number, smallerIndex: number, pairs: number): bigint => {
      const w = base[larger][smaller];
      if (!w) return w;
      let add = BigInt(smallerIndex < pairs);
      add <<= 2n * gb;
      add -= BigInt(smallerIndex);
      return w + (add << 1n);
    };
    const inBracket = (v: number) => stable[v] >= groupVertex && stable[v] < nextGroupVertex;
    stable = graph.match();

    // Which moved-down players stay in the bracket.
    let downScore = 0;
    let remaining = 0;
    let remainingMatched = 0;
    for (let i = 0; i < movedDown; i++) {
      const score = sorted[P[i]].score;
      if (i === 0 || score < downScore) {
        downScore = score;
        remaining = 0;
        remainingMatched = 0;
        // Among the moved-down players only: in the last bracket no resident group stops the count.
        for (let m = i; m < movedDown && sorted[P[m]].score >= downScore; m++) {
          remaining++;
          if (inBracket(P[m])) remainingMatched++;
        }
      }
      if (!remainingMatched) continue;
      const v = P[i];
      if (remaining <= remainingMatched) {
        matched[v] = true;
        continue;
      }
      remaining--;
      if (!inBracket(v)) {
        for (let o = movedDown; o < bracketEnd; o++) if (base[o][i]) graph.set(v, P[o], base[o][i] | 1n);
        stable = graph.match();
      }
      if (inBracket(v)) {
        matched[v] = true;
        remainingMatched--;
        const size = BigInt(bracketEnd - movedDown);
        for (let o = movedDown; o < bracketEnd; o++) if (base[o][i]) graph.set(v, P[o], (base[o][i] | size) + 1n);
      }
    }

    // Their opponents: the highest the pairing allows.
    for (let i = 0; i < movedDown; i++) {
      const v = P[i];
      if (!matched[v]) continue;
      let addend = BigInt(P.length);
      for (let o = bracketEnd - 1; o >= movedDown; o--) {
        if (matched[P[o]] || !base[o][i]) continue;
        graph.set(v, P[o], base[o][i] + addend);
        addend++;
      }
      stable = graph.match();
      const m = stable[v];
      matched[m] = true;
      graph.finalize(v, m);
      result[v] = m;
      result[m] = v;
    }

    // The remainder: S1 its first `pairs` players.
    const rest: number[] = [];
    let pairs = 0;
    for (let i = movedDown; i < bracketEnd; i++) {
      const v = P[i];
      if (stable[v] < groupVertex) continue;
      rest.push(i);
      if (stable[v] < v) pairs++;
    }
    for (let b = 0; b < rest.length; b++) {
      for (let a = 0; a < b; a++) graph.set(P[rest[a]], P[rest[b]], exchangeWeight(rest[a], rest[b], a, pairs));
    }
    stable = graph.match();
    const upper = (v: number) => stable[v] > v && stable[v] < nextGroupVertex;
    let exchanges = 0;
    for (let a = 0; a < pairs; a++) exchanges += upper(P[rest[a]]) ? 0 : 1;

    // Exchanges out of S1: the lowest players first.
    let left = exchanges;
    for (let a = pairs - 1; a >= 0 && left > 0; a--) {
      const i = rest[a];
      const v = P[i];
      if (upper(v)) {
        for (let b = a + 1; b < rest.length; b++) {
          const w = exchangeWeight(i, rest[b], a, pairs);
          if (w) graph.set(v, P[rest[b]], w - 1n);
        }
        stable = graph.match();
      }
      const exchange = !upper(v);
      if (exchange) left--;
      for (let b = a + 1; b < rest.length; b++) {
        if (exchange) base[rest[b]][i] = 0n;
        graph.set(v, P[rest[b]], exchangeWeight(i, rest[b], a, pairs));
      }
    }

    // Exchanges into S1: the highest of S2 first.
    left = exchanges;
    for (let a = pairs; a < rest.length && left > 1; a++) {
      const i = rest[a];
      const v = P[i];
      const already = upper(v);
      if (!already) {
        for (let b = a + 1; b < rest.length; b++) {
          const w = exchangeWeight(i, rest[b], a, pairs);
          if (w) graph.set(v, P[rest[b]], w + 1n);
        }
        stable = graph.match();
      }
      if (upper(v)) {
        left--;
        for (let b = 0; b < a; b++) {
          base[i][rest[b]] = 0n;
          graph.set(v, P[rest[b]], 0n);
        }
        for (let o = bracketEnd; o < P.length; o++) {
          base[o][i] = 0n;
          graph.set(v, P[o], 0n);
        }
      }
      if (!already) {
        for (let b = a + 1; b < rest.length; b++) graph.set(v, P[rest[b]], exchangeWeight(i, rest[b], a, pairs));
      }
    }

    // S1 players keep only edges down to non-S1 players.
    for (let a = 0; a < rest.length; a++) {
      const v = P[rest[a]];
      for (let b = a + 1; b < rest.length; b++) {
        const o = P[rest[b]];
        if (!upper(v) || upper(o)) base[rest[b]][rest[a]] = 0n;
        graph.set(v, o, base[rest[b]][rest[a]]);
      }
    }

    // Each S1 player, top down, meets the highest S2 player that keeps the best pairing.
    for (const i of rest) {
      const v = P[i];
      if (!upper(v)) continue;
      let addend = 0n;
      for (let b = rest.length - 1; b >= 0; b--) {
        const o = rest[b];
        if (o <= i || matched[P[o]]) continue;
        if (base[o][i]) graph.set(v, P[o], base[o][i] + addend);
        addend++;
      }
      stable = graph.match();
      const m = stable[v];
      matched[v] = true;
      matched[m] = true;
      graph.finalize(v, m);
      result[v] = m;
      result[m] = v;
    }

    // The unpaired move down.
    const carried: number[] = [];
    movedDown = 0;
    single = n % 2 === 1 && groupStart < n && bye.byeScore >= sorted[groupStart].score;
    for (let i = 0; i < P.length; i++) {
      const v = P[i];
      if (i < bracketEnd && matched[v]) continue;
      carried.push(v);
      if (i < bracketEnd) movedDown++;
      if (single && sorted[stable[v]].score < sorted[groupStart].score) single = false;
    }
    players = carried;
    groupVertex = nextGroupVertex;
  }
  return result;
}
