/**
 * The edge weight of a possible pair, as bbpPairings 6 (the FIDE-endorsed Dutch engine) encodes the Dutch
 * criteria: one unsigned integer whose bit fields, most significant first, are the criteria in the rules'
 * order, so that a maximum-weight matching satisfies them lexicographically. Fields, top down:
 *   C1-C3 (absolute): no edge at all (weight 0) when the two may not meet.
 *   completion and the bye (C4, C5): 1 + one for each of the two who is no candidate for the bye;
 *   C6-C7: pairs in the current bracket, and the scores they pair (one bit per score group);
 *   C8 look-ahead: the same for the next bracket;
 *   C9: the bye to the player with the fewest unplayed games (the most games played), when the bye
 *   assignee would be the single downfloater of the top group;
 *   C10-C13: colours (absolute imbalances, absolute preferences, preferences, strong preferences);
 *   C14-C17: no repeated downfloat or upfloat from the last round, or the one before;
 *   C18-C21: the scores of those repeated floaters;
 *   three fields and a bit left free for the bracket procedure (dutch/bracket.ts) to order S1/S2,
 *   transpositions and exchanges.
 * Field widths grow with the largest score group and the number of score groups: several hundred bits
 * for a big field, hence BigInt.
 */
import type { DutchPlayer, Float } from "./players.ts";

export interface WeightContext {
  readonly playedRounds: number;
  readonly expectedRounds: number;
  /** Bits to hold the size of the largest score group. */
  readonly groupBits: bigint;
  /** Sum of every score group's bits. */
  readonly groupsShift: bigint;
  /** Each score's bit offset inside a groupsShift-wide field. */
  readonly shiftOf: ReadonlyMap<number, bigint>;
}

/** The number of bits that represent x (0 for 0). */
export function bitsFor(x: number): number {
  let bits = 0;
  for (let v = x; v >= 1; v = Math.floor(v / 2)) bits++;
  return bits;
}

/** Whether the absolute criteria let the two meet (C1, C3 with the last rounds' topscorer exception). */
export function compatible(a: DutchPlayer, b: DutchPlayer, ctx: WeightContext): boolean {
  if (a.met.has(b.id) || b.met.has(a.id)) return false;
  if (!a.absolute || !b.absolute || a.preference !== b.preference) return true;
  const topScore = ctx.playedRounds; // half the most a player can have scored, in half points
  return ctx.playedRounds >= ctx.expectedRounds - 1 && (a.score > topScore || b.score > topScore);
}

export function isByeCandidate(p: DutchPlayer, byeScore: number): boolean {
  return p.byeEligible && p.score <= byeScore;
}

const floatBack = (p: DutchPlayer, back: 1 | 2): Float => p.floats[back - 1];

export interface EdgeInput {
  readonly inCurrent: boolean;
  readonly inNext: boolean;
  readonly byeScore: number;
  readonly singleDownfloaterIsBye: boolean;
  readonly unplayedRanks: ReadonlyMap<number, number>;
}

/**
 * Where each field of a weight starts, counted from bit 0, for one context: the same fields, order and widths
 * as bbpPairings' shifts, but added as precomputed powers of two, so that a weight costs a few BigInt
 * additions instead of some thirty shifts (the bracket procedure computes one for every pair of a bracket and
 * its next group, over and over). Fields are added, not ORed: a count of 2 in a one-bit field carries into
 * the next field exactly as bbpPairings' additions do.
 */
interface Layout {
  readonly pow: readonly bigint[];
  readonly r: number;
  readonly c6: number;
  readonly c7: number;
  readonly c8: number;
  readonly c8Scores: number;
  readonly c9: number;
  /** Where C10, C11, C12 and C13 start. */
  readonly colours: readonly [number, number, number, number];
  /** Per round back (1, 2): the repeated downfloat and upfloat counts (C14-C17), then their scores (C18-C21). */
  readonly floats: readonly { down: number; up: number; downScores: number; upScores: number }[];
  /** Sums of the fields above C9, and of the colour and float counts, by a small key (see edgeWeight). */
  readonly high: Map<number, bigint>;
  readonly low: Map<number, bigint>;
}

const layouts = new WeakMap<WeightContext, Layout>();

function layoutOf(ctx: WeightContext): Layout {
  const known = layouts.get(ctx);
  if (known) return known;
  const gb = Number(ctx.groupBits);
  const gs = Number(ctx.groupsShift);
  const back = Math.min(ctx.playedRounds, 2);
  let at = 3 * gb + 1; // the bracket procedure's free fields and bit (bracket.ts)
  const scores: { downScores: number; upScores: number }[] = [];
  for (let b = back; b >= 1; b--) {
    scores[b - 1] = { upScores: at, downScores: at + gs };
    at += 2 * gs;
  }
  const counts: { down: number; up: number }[] = [];
  for (let b = back; b >= 1; b--) {
    counts[b - 1] = { up: at, down: at + gb };
    at += 2 * gb;
  }
  const colours: [number, number, number, number] = [at + 3 * gb, at + 2 * gb, at + gb, at];
  const c9 = at + 4 * gb;
  const c8Scores = c9 + 2 * gb;
  const c8 = c8Scores + gs;
  const c7 = c8 + gb;
  const c6 = c7 + gs;
  const r = c6 + gb;
  const pow = Array.from({ length: r + 3 }, (_, i) => 1n << BigInt(i));
  const floats = counts.map((c, i) => ({ ...c, ...scores[i] }));
  const layout: Layout = { pow, r, c6, c7, c8, c8Scores, c9, colours, floats, high: new Map(), low: new Map() };
  layouts.set(ctx, layout);
  return layout;
}

const downBack = (p: DutchPlayer, back: 1 | 2): boolean => p.floats[back - 1] === "down";
const upAgainBack = (higher: DutchPlayer, lower: DutchPlayer, back: 1 | 2): boolean =>
  higher.score > lower.score && floatBack(lower, back) === "up";

/** The weight of `higher` (ranked above) against `lower`; 0n when they may not meet. */
export function edgeWeight(higher: DutchPlayer, lower: DutchPlayer, input: EdgeInput, ctx: WeightContext): bigint {
  if (!compatible(higher, lower, ctx)) return 0n;
  const { inCurrent, inNext } = input;
  const L = layoutOf(ctx);
  const { pow } = L;
  const r = 1 + Number(!isByeCandidate(higher, input.byeScore)) + Number(!isByeCandidate(lower, input.byeScore));
  // Above C9: completion and the bye, then the current or the next bracket's pair and its score.
  const scoreShift = inCurrent || inNext ? Number(ctx.shiftOf.get(higher.score)!) : 0;
  const highKey = ((scoreShift * 2 + Number(inNext)) * 2 + Number(inCurrent)) * 4 + r;
  let w = L.high.get(highKey);
  if (w === undefined) {
    w = BigInt(r) * pow[L.r];
    if (inCurrent) w += pow[L.c6] + pow[L.c7 + scoreShift];
    if (inNext) w += pow[L.c8] + pow[L.c8Scores + scoreShift];
    L.high.set(highKey, w);
  }
  if (input.singleDownfloaterIsBye) w += c9(higher, lower, input) * pow[L.c9];
  // Outside the current bracket every field below C9 is 0.
  if (!inCurrent) return w;
  // The colour bits and the float counts (0-2, then a bit, per round back) as one key, summed once per key.
  let lowKey = colourBits(lower, higher);
  for (const back of [1, 2] as const) {
    if (ctx.playedRounds < back) continue;
    const down = Number(downBack(lower, back)) + Number(higher.score <= lower.score && downBack(higher, back));
    lowKey = (lowKey * 3 + down) * 2 + Number(!upAgainBack(higher, lower, back));
  }
  let low = L.low.get(lowKey);
  if (low === undefined) {
    low = 0n;
    let key = lowKey;
    for (let back = Math.min(ctx.playedRounds, 2); back >= 1; back--) {
      const f = L.floats[back - 1];
      low += BigInt(key % 2) * pow[f.up];
      key = Math.floor(key / 2);
      low += BigInt(key % 3) * pow[f.down];
      key = Math.floor(key / 3);
    }
    for (let c = 3; c >= 0; c--, key = Math.floor(key / 2)) low += BigInt(key % 2) * pow[L.colours[c]];
    L.low.set(lowKey, low);
  }
  w += low;
  // The scores of repeated floaters (C18-C21): a bit at the floater's score group.
  for (const back of [1, 2] as const) {
    if (ctx.playedRounds < back) continue;
    const f = L.floats[back - 1];
    if (downBack(lower, back)) w += pow[f.downScores + Number(ctx.shiftOf.get(lower.score)!)];
    if (downBack(higher, back)) w += pow[f.downScores + Number(ctx.shiftOf.get(higher.score)!)];
    if (!upAgainBack(higher, lower, back)) w += pow[f.upScores + scoreShift];
  }
  return w;
}

/** C9: the bye to the player with the most games played, when its receiver is the top group's single downfloater. */
function c9(higher: DutchPlayer, lower: DutchPlayer, input: EdgeInput): bigint {
  let ranks = 0;
  if (higher.score === input.byeScore) ranks += input.unplayedRanks.get(higher.playedGames)!;
  if (lower.score === input.byeScore) ranks += input.unplayedRanks.get(lower.playedGames)!;
  return BigInt(ranks);
}

/** C10-C13 (bbpPairings' insertColorBits) as four bits, C10 the highest; they count only inside the current bracket. */
function colourBits(p: DutchPlayer, o: DutchPlayer): number {
  const opposite = p.preference === "S" ? "N" : p.preference === "N" ? "S" : null;
  const c10 = p.imbalance <= 1 || o.imbalance <= 1 || p.preference !== o.preference;
  const c11 =
    !p.absolute ||
    !o.absolute ||
    p.preference !== o.preference ||
    (p.imbalance === o.imbalance
      ? p.repeated === null || p.repeated !== o.repeated
      : (p.imbalance > o.imbalance ? o : p).repeated !== opposite);
  const c12 = p.preference === null || o.preference === null || p.preference !== o.preference;
  const c13 =
    (!p.strong && !p.absolute) ||
    (!o.strong && !o.absolute) ||
    (p.absolute && o.absolute) ||
    p.preference !== o.preference;
  return Number(c10) * 8 + Number(c11) * 4 + Number(c12) * 2 + Number(c13);
}
