/**
 * The Swiss pairing of one round for fields over DUTCH_UP_TO players (swiss.ts; smaller fields are paired by
 * the exact Dutch system in dutch/): the Dutch system (FIDE C.04.3) approximated by one maximum-weight
 * matching over the whole field, fast at 500 players. The pairing rules and weights are ours; the matching is
 * the library `edmonds-blossom-fixed` (MIT), a JavaScript port of Joris van Rantwijk's maximum-weight
 * matching (Edmonds' blossom algorithm, O(n³)). We take it over `edmonds-blossom` 1.0.0, the same port,
 * because that one assigns three undeclared variables (`b`, `path`, `v`) and so leaks them as globals; both
 * agree with a brute-force matching (test/tournaments/core/matching.test.ts).
 *
 * The graph: one vertex per player, plus one for the bye when the field is odd. An edge joins two players
 * only if the absolute criteria allow them to meet: they have not met (C1), and one allocation of sides
 * keeps both within the limits (C3 as this bot states it: no one the same side three games running, nor
 * two games more on one side than the other). The bye vertex is joined only to players who have had no
 * bye (C2). The matching is of maximum cardinality first, so every player is paired whenever any pairing
 * keeps the absolute criteria; if none does, `pairRound` returns an error value, never a partial round.
 *
 * Among the complete pairings it takes the heaviest. Each edge's weight is a sum of terms, each scaled by a
 * unit larger than the most that all the smaller terms can add up to over one matching, so the terms rank
 * lexicographically (most important first):
 *   1. score: Dmax² − d², where d is the pair's score difference in half points (the bye is a virtual
 *      player half a point below the lowest score). So a pairing minimises the sum of squared
 *      differences: pairs within score groups first, and one floater over two groups costs more than two
 *      over one. This stands for Dutch C6-C7 (fewest downfloaters, lowest scores of downfloaters) and for
 *      the bye going to the lowest score group; it is not identical to them bracket by bracket.
 *   2. sides: 2, less 1 if the allocation denies a player's preference, less 1 more if that preference
 *      was strong (C12-C13, summed rather than strictly ordered between themselves).
 *   3. bye: the rank of its receiver (0 for the top of the standings): the lowest ranked eligible player.
 *   4. order: within a score group of size g, pairs whose ranks lie g/2 apart (S1 against S2: 1-5, 2-6 …);
 *      a floater meets the top of the group below.
 * With n players and score differences up to D half points, the largest weight is about
 * D² · n² · n · n²/4; `pairRound` refuses a field whose weights would pass 2^53 / 4 (the duals the
 * algorithm keeps reach twice a weight) with `field-too-large`: 500 players after 20 rounds is far below.
 *
 * Speed: the library takes seconds on the whole graph of 500 players, so a field over FULL_GRAPH_UP_TO
 * players is matched first on a pruned graph: each player's WINDOW nearest below in rank, and the WINDOW
 * around their S1-S2 partner. If that graph has no complete pairing, the whole graph is matched, so the
 * absolute criteria are kept whenever they can be; but on a pruned graph the result can, rarely, cost more
 * on term 1 than the whole graph's best (a pairing that needs a floater from far away). Fields up to 64 are
 * always exact, and the brute-force tests check them.
 *
 * Not expressed: the topscorer exceptions to C3 in the last round (C.04.3 A.7); float history (C14-C21,
 * no one floats in two rounds running); the exact Dutch order of transpositions and exchanges inside a
 * bracket (term 4 only approximates it); C8-C9's look-ahead to the next bracket. A round paired here can
 * therefore differ from bbpPairings' Dutch round while keeping every absolute criterion; the TRF export
 * (trf.ts) lets a checker show which.
 */
import blossom from "edmonds-blossom-fixed";
import { canTake, preference, sideOfHigher } from "./sides.ts";
import type { PairingResult, Side, SwissPair, SwissPlayer } from "./types.ts";

/** Pairing numbers 1..n: by rating, higher first; equal ratings by id. */
export function pairingNumbers(players: readonly Pick<SwissPlayer, "id" | "rating">[]): Map<string, number> {
  const sorted = [...players].sort((a, b) => b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return new Map(sorted.map((p, i) => [p.id, i + 1]));
}

/** The players by score, higher first, then by pairing number: the Dutch ranking order. */
export function rankOrder(players: readonly SwissPlayer[], numbers = pairingNumbers(players)): SwissPlayer[] {
  return [...players].sort((a, b) => b.score - a.score || numbers.get(a.id)! - numbers.get(b.id)!);
}

/** Whether the absolute criteria let the two meet: not met before, and one allocation of sides keeps both. */
export function mayMeet(a: SwissPlayer, b: SwissPlayer): boolean {
  if (a.opponents.includes(b.id) || b.opponents.includes(a.id)) return false;
  return (canTake(a, "S") && canTake(b, "N")) || (canTake(a, "N") && canTake(b, "S"));
}

const halfPoints = (p: SwissPlayer) => Math.round(p.score * 2);

/** South and North of a pair whose first player is the higher ranked. */
function allocate(higher: SwissPlayer, lower: SwissPlayer, numbers: Map<string, number>, firstSide: Side): SwissPair {
  const side = sideOfHigher(higher, lower, numbers.get(higher.id)!, firstSide);
  return side === "S" ? { south: higher.id, north: lower.id } : { south: lower.id, north: higher.id };
}

/** 2 with every preference granted; less 1 for a denied preference, less 1 more if it was strong. */
function sidesTerm(pair: SwissPair, a: SwissPlayer, b: SwissPlayer): number {
  let term = 2;
  for (const p of [a, b]) {
    const pref = preference(p);
    const got = pair.south === p.id ? "S" : "N";
    if (pref.side && pref.side !== got) term -= pref.strength >= 2 ? 2 : 1;
  }
  return Math.max(term, 0);
}

/** Fields of at most this many players are paired on the whole graph; larger ones first on a pruned one. */
export const FULL_GRAPH_UP_TO = 64;
/** On a pruned graph, each player's candidates: the next WINDOW below in rank, and WINDOW around the S1-S2 partner. */
export const WINDOW = 16;

export interface PairingOptions {
  /** Candidates per player on the pruned graph; Infinity pairs on the whole graph. Default: see FULL_GRAPH_UP_TO. */
  readonly window?: number;
  /** The top seed's side in round 1 (TRF `XXC`); South when left out. */
  readonly firstSide?: Side;
}

/** Pairs round `round` (1-based) of a field; see the file's comment for the rules and their limits. */
export function pairRound(players: readonly SwissPlayer[], round: number, options: PairingOptions = {}): PairingResult {
  const seen = new Set<string>();
  const duplicates = players.filter((p) => seen.has(p.id) || !seen.add(p.id)).map((p) => p.id);
  if (duplicates.length > 0) {
    return {
      ok: false,
      error: { reason: "duplicate-player", message: "a player is listed twice", players: duplicates },
    };
  }
  const n = players.length;
  if (n === 0) return { ok: true, value: { round, pairs: [], bye: null } };

  const numbers = pairingNumbers(players);
  const ranked = rankOrder(players, numbers);
  const odd = n % 2 === 1;
  const byeVertex = n;

  // Score groups: each player's position in its group, and the group's size.
  const position: number[] = [];
  const groupSize: number[] = [];
  for (let i = 0; i < n; ) {
    let j = i;
    while (j < n && halfPoints(ranked[j]) === halfPoints(ranked[i])) j++;
    for (let k = i; k < j; k++) {
      position[k] = k - i;
      groupSize[k] = j - i;
    }
    i = j;
  }

  const top = halfPoints(ranked[0]);
  const bottom = halfPoints(ranked[n - 1]) - (odd ? 1 : 0);
  const dMax = top - bottom;
  const edgesInMatching = Math.ceil(n / 2);
  const orderMax = Math.floor(n / 2);
  const byeUnit = edgesInMatching * (orderMax + 1) + 1;
  const sidesUnit = byeUnit * n;
  const scoreUnit = sidesUnit * (2 * edgesInMatching + 1);
  const heaviest = dMax * dMax * scoreUnit + 2 * sidesUnit + n * byeUnit + orderMax + 1;
  if (heaviest * 4 > Number.MAX_SAFE_INTEGER) {
    return {
      ok: false,
      error: { reason: "field-too-large", message: `weights would pass 2^53 (${n} players)`, players: [] },
    };
  }

  const window = options.window ?? (n <= FULL_GRAPH_UP_TO ? Number.POSITIVE_INFINITY : WINDOW);
  const pairOf = new Map<number, SwissPair>();
  const build = (w: number): number[][] => {
    const edges: number[][] = [];
    for (let i = 0; i < n; i++) {
      const a = ranked[i];
      const ideal = i - position[i] + Math.min(groupSize[i] - 1, position[i] + Math.floor(groupSize[i] / 2));
      for (let j = i + 1; j < n; j++) {
        if (j - i > w && Math.abs(j - ideal) > w / 2) continue;
        const b = ranked[j];
        if (!mayMeet(a, b)) continue;
        const d = halfPoints(a) - halfPoints(b);
        const key = i * (n + 1) + j;
        let pair = pairOf.get(key);
        if (!pair) {
          pair = allocate(a, b, numbers, options.firstSide ?? "S");
          pairOf.set(key, pair);
        }
        const order =
          d === 0
            ? orderMax + 1 - Math.min(Math.abs(j - i - Math.floor(groupSize[i] / 2)), orderMax)
            : orderMax + 1 - Math.min(position[j], orderMax);
        edges.push([i, j, (dMax * dMax - d * d) * scoreUnit + sidesTerm(pair, a, b) * sidesUnit + order]);
      }
      if (odd && !a.hadBye) {
        const d = halfPoints(a) - bottom;
        edges.push([i, byeVertex, (dMax * dMax - d * d) * scoreUnit + 2 * sidesUnit + i * byeUnit + 1]);
      }
    }
    return edges;
  };
  const complete = (mate: number[]) => {
    for (let v = 0; v < n + (odd ? 1 : 0); v++) if ((mate[v] ?? -1) < 0) return false;
    return true;
  };
  const match = (w: number) => {
    const edges = build(w);
    return edges.length > 0 ? blossom(edges, true) : [];
  };
  let mate = match(window);
  // A pruned graph without a complete pairing says nothing about the whole one: pair on the whole graph.
  if (!complete(mate) && Number.isFinite(window)) mate = match(Number.POSITIVE_INFINITY);
  const pairs: SwissPair[] = [];
  let bye: string | null = null;
  const unpaired: string[] = [];
  for (let i = 0; i < n; i++) {
    const m = mate[i] ?? -1;
    if (m < 0) unpaired.push(ranked[i].id);
    else if (m === byeVertex && odd) bye = ranked[i].id;
    else if (m > i) pairs.push(pairOf.get(i * (n + 1) + m)!);
  }
  if (unpaired.length > 0 || (odd && bye === null)) {
    return {
      ok: false,
      error: {
        reason: "no-legal-pairing",
        message: `no pairing of round ${round} keeps the absolute criteria (no rematch, one bye each, side limits)`,
        players: unpaired,
      },
    };
  }
  return { ok: true, value: { round, pairs, bye } };
}
