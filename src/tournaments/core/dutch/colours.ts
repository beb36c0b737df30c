/**
 * Colour allocation of a pair (FIDE C.04.3 E.1-E.5, as bbpPairings applies them): grant both preferences;
 * else the absolute one (the larger imbalance first when both are absolute); else the strong one; else
 * alternate from the latest round in which the two played different sides; else the higher ranked's
 * preference; else, neither having played, the first round's side for the higher ranked when their
 * pairing number is odd, the other side when it is even. South is White.
 */
import type { Side } from "../types.ts";
import type { DutchPlayer } from "./players.ts";

const flip = (s: Side): Side => (s === "S" ? "N" : "S");

/** Whether `a` ranks above `b`: more points, else the lower pairing number. */
export function ranksAbove(a: DutchPlayer, b: DutchPlayer): boolean {
  return a.score > b.score || (a.score === b.score && a.rank < b.rank);
}

/** The sides of the latest played round in which the two played differently; null if none. */
function lastDifference(a: DutchPlayer, b: DutchPlayer): Side | null {
  const as = a.history.filter((h) => h.played).map((h) => h.side!);
  const bs = b.history.filter((h) => h.played).map((h) => h.side!);
  for (let i = as.length - 1, j = bs.length - 1; i >= 0 && j >= 0; i--, j--) {
    if (as[i] !== bs[j]) return as[i];
  }
  return null;
}

/** The side chosen by the preferences alone, or null when they leave it open. */
function neutralSide(p: DutchPlayer, o: DutchPlayer): Side | null {
  if (p.preference === null || o.preference === null || p.preference !== o.preference) {
    if (p.preference !== null) return p.preference;
    if (o.preference !== null) return flip(o.preference);
    return null;
  }
  if (p.absolute && (p.imbalance > o.imbalance || !o.absolute)) return p.preference;
  if (o.absolute && (o.imbalance > p.imbalance || !p.absolute)) return flip(o.preference);
  if (p.strong && !o.strong) return p.preference;
  if (o.strong && !p.strong) return flip(o.preference);
  const last = lastDifference(p, o);
  return last === null ? null : flip(last);
}

/** The side of `p` against `o`; `firstSide` is the top seed's side in round 1. */
export function sideOf(p: DutchPlayer, o: DutchPlayer, firstSide: Side): Side {
  const neutral = neutralSide(p, o);
  if (neutral !== null) return neutral;
  const pLower = !ranksAbove(p, o);
  if (p.preference === null) {
    // The higher ranked takes the first round's side when their 0-based rank is even (pairing number odd).
    if (pLower) return o.rank % 2 === 1 ? firstSide : flip(firstSide);
    return p.rank % 2 === 1 ? flip(firstSide) : firstSide;
  }
  return pLower ? flip(o.preference!) : p.preference;
}
