/**
 * A round of a Swiss tournament paired by FIDE's Dutch system (C.04.3, the 2025 rules) the way bbpPairings 6
 * pairs it: the players sorted by score then pairing number; one maximum-weight matching over everyone,
 * whose weights (weights.ts) hold the criteria in order, decides completion and who gets the bye; then the
 * brackets from the top (bracket.ts), each settling its moved-down players, its exchanges and its S1-S2
 * pairs by re-matching with small priority terms, so the choice among equally good pairings is the rules'
 * (lowest transposition, fewest and smallest exchanges). Sides by colours.ts. Each re-matching starts from
 * the last optimum (graph.ts, matching.ts), so a decision costs what it changes, not a new solve: a round of
 * 500 players takes about half a second of CPU (docs/benchmarks.md).
 */
import { pairingNumbers } from "../pairing-numbers.ts";
import type { PairingResult, Side, SwissPair, SwissTournament } from "../types.ts";
import { pairBrackets } from "./bracket.ts";
import { sideOf } from "./colours.ts";
import { MatchingGraph } from "./graph.ts";
import { type DutchPlayer, dutchPlayers } from "./players.ts";
import { bitsFor, compatible, type EdgeInput, edgeWeight, type WeightContext } from "./weights.ts";

export interface DutchOptions {
  /** The top seed's side in round 1; default the tournament's `firstSide`, else South. */
  readonly firstSide?: Side;
}

/** The effective pairing numbers (0-based): entrants by start number, less those never paired and absent now. */
function ranks(t: SwissTournament, present: ReadonlySet<string>): Map<string, number> {
  const numbers = pairingNumbers(t.entrants);
  const everPaired = new Set<string>();
  for (const round of t.played) {
    for (const g of round.games) everPaired.add(g.south).add(g.north);
    if (round.bye) everPaired.add(round.bye);
  }
  const order = [...t.entrants].sort((a, b) => numbers.get(a.id)! - numbers.get(b.id)!);
  const result = new Map<string, number>();
  let next = 0;
  for (const e of order) if (present.has(e.id) || everPaired.has(e.id)) result.set(e.id, next++);
  for (const e of order) if (!result.has(e.id)) result.set(e.id, next++);
  return result;
}

/** Pairs the round after the played ones, of the `present` entrants. */
export function pairDutch(t: SwissTournament, present: readonly string[], options: DutchOptions = {}): PairingResult {
  const round = t.played.length + 1;
  const presentSet = new Set(present);
  const unknown = present.filter((id) => !t.entrants.some((e) => e.id === id));
  if (unknown.length > 0 || presentSet.size !== present.length) {
    const seen = new Set<string>();
    const duplicates = present.filter((id) => seen.has(id) || !seen.add(id));
    return {
      ok: false,
      error: {
        reason: "duplicate-player",
        message: "a player is listed twice or unknown",
        players: [...duplicates, ...unknown],
      },
    };
  }
  if (present.length === 0) return { ok: true, value: { round, pairs: [], bye: null } };
  const all = dutchPlayers(t, ranks(t, presentSet));
  const sorted = present.map((id) => all.get(id)!).sort((a, b) => b.score - a.score || a.rank - b.rank);
  const ctx = context(sorted, t);
  let mate = matchRound(sorted, ctx, WINDOW);
  if (mate && !complete(sorted, mate)) mate = matchRound(sorted, ctx, null);
  // Without a window a complete pairing is found whenever one exists (the first matching proves one does): an
  // incomplete one here would be a fault, refused rather than posted with players left out.
  if (mate && !complete(sorted, mate)) mate = null;
  if (!mate) {
    return {
      ok: false,
      error: {
        reason: "no-legal-pairing",
        message: `no pairing of round ${round} keeps the absolute criteria (no rematch, one bye each, colours)`,
        players: [],
      },
    };
  }
  const firstSide = options.firstSide ?? t.firstSide ?? "S";
  const pairs: SwissPair[] = [];
  let bye: string | null = null;
  for (let v = 0; v < sorted.length; v++) {
    const m = mate[v];
    if (m === v) bye = sorted[v].id;
    else if (v < m) {
      const side = sideOf(sorted[v], sorted[m], firstSide);
      pairs.push(
        side === "S" ? { south: sorted[v].id, north: sorted[m].id } : { south: sorted[m].id, north: sorted[v].id },
      );
    }
  }
  return { ok: true, value: { round, pairs, bye } };
}

/**
 * Players below the next score group that each bracket's matchings see (bracket.ts). Enough for the
 * bracket's floaters to find partners in every fixture; a round that comes out incomplete is paired again
 * on the whole field.
 */
export const WINDOW = 24;

/** Every player paired but at most one, who may have the bye. */
function complete(sorted: readonly DutchPlayer[], mate: readonly number[]): boolean {
  const alone = sorted.filter((_, v) => mate[v] === v);
  return alone.length === sorted.length % 2 && alone.every((p) => p.byeEligible);
}

/** Score-group bit layout (bbpPairings' scoreGroupShifts): groups from the lowest score up. */
function context(sorted: readonly DutchPlayer[], t: SwissTournament): WeightContext {
  const shiftOf = new Map<number, bigint>();
  let shift = 0;
  let largest = 0;
  for (let i = sorted.length - 1; i >= 0; ) {
    let j = i;
    while (j >= 0 && sorted[j].score === sorted[i].score) j--;
    const size = i - j;
    shiftOf.set(sorted[i].score, BigInt(shift));
    shift += bitsFor(size);
    largest = Math.max(largest, size);
    i = j;
  }
  return {
    playedRounds: t.played.length,
    expectedRounds: t.rounds,
    groupBits: BigInt(bitsFor(largest)),
    groupsShift: BigInt(shift),
    shiftOf,
  };
}

/** The matching of the sorted players (mate[v] = v for the bye), or null when no pairing keeps the absolute criteria. */
function matchRound(sorted: readonly DutchPlayer[], ctx: WeightContext, window: number | null): number[] | null {
  const n = sorted.length;
  const graph = new MatchingGraph(n);
  const odd = n % 2 === 1;
  const plain: EdgeInput = {
    inCurrent: false,
    inNext: false,
    byeScore: 0,
    singleDownfloaterIsBye: false,
    unplayedRanks: new Map(),
  };
  const top = sorted[0].score;
  for (let v = 1; v < n; v++) {
    for (let u = 0; u < v; u++) {
      const p = sorted[v];
      const o = sorted[u];
      if (!odd) graph.set(v, u, edgeWeight(o, p, plain, ctx));
      else if (compatible(p, o, ctx)) {
        // Completion first, then the bye's receiver from the lowest score group.
        let w = 1n + BigInt(!p.byeEligible) + BigInt(!o.byeEligible);
        w = (w << ctx.groupsShift) | (ctx.shiftOf.get(p.score)! + ctx.shiftOf.get(o.score)!);
        w = (w << ctx.groupBits) | BigInt(p.score >= top);
        graph.set(v, u, w);
      }
    }
  }
  const first = graph.match();
  let unmatched = -1;
  for (let v = 0; v < n; v++) {
    if (first[v] !== v) continue;
    if (unmatched >= 0 || !sorted[v].byeEligible) return null;
    unmatched = v;
  }
  let byeScore = 0;
  let single = false;
  const unplayedRanks = new Map<number, number>();
  if (odd) {
    byeScore = sorted[unmatched].score;
    single = byeScore >= top && sorted.every((p, v) => p.score < top || sorted[first[v]].score >= top);
    const counts = sorted.filter((p) => p.score === byeScore).map((p) => p.playedGames);
    counts.sort((a, b) => b - a);
    // Equal counts share the last rank given (bbpPairings' map overwrites).
    counts.forEach((c, i) => {
      unplayedRanks.set(c, i);
    });
    const input: EdgeInput = { ...plain, byeScore, singleDownfloaterIsBye: single, unplayedRanks };
    for (let v = 1; v < n; v++)
      for (let u = 0; u < v; u++) graph.set(v, u, edgeWeight(sorted[u], sorted[v], input, ctx));
  }
  return pairBrackets(sorted, graph, ctx, { byeScore, single, unplayedRanks }, window);
}
