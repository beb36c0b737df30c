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

const bit = (b: boolean): bigint => (b ? 1n : 0n);
const floatBack = (p: DutchPlayer, back: 1 | 2): Float => p.floats[back - 1];

export interface EdgeInput {
  readonly inCurrent: boolean;
  readonly inNext: boolean;
  readonly byeScore: number;
  readonly singleDownfloaterIsBye: boolean;
  readonly unplayedRanks: ReadonlyMap<number, number>;
}

/** The bits below C9: the colour fields, then the float fields for the rounds played (at most two back), then the bracket's free fields. */
function tailBits(ctx: WeightContext): bigint {
  const back = BigInt(Math.min(ctx.playedRounds, 2));
  return 4n * ctx.groupBits + back * (2n * ctx.groupBits + 2n * ctx.groupsShift) + 3n * ctx.groupBits + 1n;
}

const downBack = (p: DutchPlayer, back: 1 | 2): boolean => p.floats[back - 1] === "down";
const upAgainBack = (higher: DutchPlayer, lower: DutchPlayer, back: 1 | 2): boolean =>
  higher.score > lower.score && floatBack(lower, back) === "up";

/** The weight of `higher` (ranked above) against `lower`; 0n when they may not meet. */
export function edgeWeight(higher: DutchPlayer, lower: DutchPlayer, input: EdgeInput, ctx: WeightContext): bigint {
  if (!compatible(higher, lower, ctx)) return 0n;
  const { inCurrent, inNext } = input;
  const gb = ctx.groupBits;
  const gs = ctx.groupsShift;
  let r = 1n + bit(!isByeCandidate(higher, input.byeScore)) + bit(!isByeCandidate(lower, input.byeScore));
  if (!inCurrent && !inNext) {
    // Outside the two brackets every field but C9 is 0: one shift for them all.
    r <<= 4n * gb + 2n * gs;
    if (input.singleDownfloaterIsBye) r = c9(r, higher, lower, input);
    return r << tailBits(ctx);
  }
  r = (r << gb) | bit(inCurrent);
  r <<= gs;
  if (inCurrent) r |= 1n << ctx.shiftOf.get(higher.score)!;
  r = (r << gb) | bit(inNext);
  r <<= gs;
  if (inNext) r |= 1n << ctx.shiftOf.get(higher.score)!;
  r <<= 2n * gb;
  if (input.singleDownfloaterIsBye) r = c9(r, higher, lower, input);
  r = colourBits(r, lower, higher, inCurrent, gb);
  for (const back of [1, 2] as const) {
    if (ctx.playedRounds < back) continue;
    r <<= gb;
    if (inCurrent) r = (r | bit(downBack(lower, back))) + bit(higher.score <= lower.score && downBack(higher, back));
    r <<= gb;
    if (inCurrent) r |= bit(!upAgainBack(higher, lower, back));
  }
  for (const back of [1, 2] as const) {
    if (ctx.playedRounds < back) continue;
    r <<= gs;
    if (inCurrent) {
      r += bit(downBack(lower, back)) << ctx.shiftOf.get(lower.score)!;
      r += bit(downBack(higher, back)) << ctx.shiftOf.get(higher.score)!;
    }
    r <<= gs;
    if (inCurrent && !upAgainBack(higher, lower, back)) r |= 1n << ctx.shiftOf.get(higher.score)!;
  }
  return (r << (3n * gb)) << 1n;
}

/** C9: the bye to the player with the most games played, when its receiver is the top group's single downfloater. */
function c9(r: bigint, higher: DutchPlayer, lower: DutchPlayer, input: EdgeInput): bigint {
  let out = r;
  if (higher.score === input.byeScore) out |= BigInt(input.unplayedRanks.get(higher.playedGames)!);
  if (lower.score === input.byeScore) out += BigInt(input.unplayedRanks.get(lower.playedGames)!);
  return out;
}

/** C10-C13, each a field of `gb` bits (bbpPairings' insertColorBits), set only inside the current bracket. */
function colourBits(weight: bigint, p: DutchPlayer, o: DutchPlayer, inCurrent: boolean, gb: bigint): bigint {
  let r = weight << gb;
  r |= bit(inCurrent && (p.imbalance <= 1 || o.imbalance <= 1 || p.preference !== o.preference));
  r <<= gb;
  const opposite = p.preference === "S" ? "N" : p.preference === "N" ? "S" : null;
  r |= bit(
    inCurrent &&
      (!p.absolute ||
        !o.absolute ||
        p.preference !== o.preference ||
        (p.imbalance === o.imbalance
          ? p.repeated === null || p.repeated !== o.repeated
          : (p.imbalance > o.imbalance ? o : p).repeated !== opposite)),
  );
  r <<= gb;
  r |= bit(inCurrent && (p.preference === null || o.preference === null || p.preference !== o.preference));
  r <<= gb;
  r |= bit(
    inCurrent &&
      ((!p.strong && !p.absolute) ||
        (!o.strong && !o.absolute) ||
        (p.absolute && o.absolute) ||
        p.preference !== o.preference),
  );
  return r;
}
