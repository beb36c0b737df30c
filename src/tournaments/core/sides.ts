/**
 * Sides (FIDE's colours, South = White) under the Dutch system: preferences (C.04.3 A.6), the absolute
 * limits, and the allocation of a pair's sides (C.04.3 E, rules 1-5). Byes and absences (null) are skipped:
 * only played games count, as in FIDE's rules.
 */
import type { Side, SwissPlayer } from "./types.ts";

/** The most a player's South games may exceed their North games, or the reverse (FIDE: 2). */
export const MAX_SIDE_DIFFERENCE = 2;

/** 3 absolute, 2 strong, 1 mild, 0 none. */
export type Strength = 0 | 1 | 2 | 3;

export interface Preference {
  readonly side: Side | null;
  readonly strength: Strength;
}

export function other(side: Side): Side {
  return side === "S" ? "N" : "S";
}

function played(player: SwissPlayer): Side[] {
  return player.sides.filter((s): s is Side => s !== null);
}

/** South games minus North games. */
export function sideDifference(player: SwissPlayer): number {
  let d = 0;
  for (const s of player.sides) if (s) d += s === "S" ? 1 : -1;
  return d;
}

/** Whether giving `player` this side keeps the absolute criteria: no third same side in a row, difference ≤ 2. */
export function canTake(player: SwissPlayer, side: Side): boolean {
  const games = played(player);
  const d = sideDifference(player) + (side === "S" ? 1 : -1);
  if (Math.abs(d) > MAX_SIDE_DIFFERENCE) return false;
  const n = games.length;
  return !(n >= 2 && games[n - 1] === side && games[n - 2] === side);
}

/** Dutch A.6: absolute (|difference| > 1 or the last two alike), strong (difference ±1), mild (alternate), none. */
export function preference(player: SwissPlayer): Preference {
  const games = played(player);
  if (games.length === 0) return { side: null, strength: 0 };
  const d = sideDifference(player);
  const n = games.length;
  const lastTwo = n >= 2 && games[n - 1] === games[n - 2] ? games[n - 1] : null;
  if (d > 1 || lastTwo === "S") return { side: "N", strength: 3 };
  if (d < -1 || lastTwo === "N") return { side: "S", strength: 3 };
  if (d === 1) return { side: "N", strength: 2 };
  if (d === -1) return { side: "S", strength: 2 };
  return { side: other(games[n - 1]), strength: 1 };
}

/** Whether the two may meet at all under the side limits: one of the two allocations keeps them. */
export function sidesCompatible(a: SwissPlayer, b: SwissPlayer): boolean {
  return (canTake(a, "S") && canTake(b, "N")) || (canTake(a, "N") && canTake(b, "S"));
}

/**
 * The side of `higher` (the higher ranked of the pair: more points, else the lower pairing number), by the
 * Dutch allocation rules in order: 1 grant both preferences; 2 grant the stronger; 3 alternate from the
 * latest game (counted back over played games) in which they played different sides; 4 grant the higher ranked's preference; 5 the higher
 * ranked takes the first round's side (`firstSide`, South unless the organiser chose North: TRF `XXC`) if their pairing number is
 * odd, else the other. An allocation that would break a limit is never returned when the other keeps them.
 */
export function sideOfHigher(
  higher: SwissPlayer,
  lower: SwissPlayer,
  higherPairingNumber: number,
  firstSide: Side = "S",
): Side {
  const hOk = canTake(higher, "S") && canTake(lower, "N");
  const lOk = canTake(higher, "N") && canTake(lower, "S");
  if (hOk !== lOk) return hOk ? "S" : "N";
  const ph = preference(higher);
  const pl = preference(lower);
  if (ph.side && pl.side && ph.side !== pl.side) return ph.side;
  if (ph.side && !pl.side) return ph.side;
  if (!ph.side && pl.side) return other(pl.side);
  if (ph.side && pl.side) {
    if (ph.strength !== pl.strength) return ph.strength > pl.strength ? ph.side : other(pl.side);
    // FIDE C.04.2 D.5: the played games are compared from the latest back, unplayed rounds left out.
    const hs = played(higher);
    const ls = played(lower);
    for (let k = 1; k <= Math.min(hs.length, ls.length); k++) {
      const h = hs[hs.length - k];
      if (h !== ls[ls.length - k]) return other(h);
    }
    return ph.side;
  }
  return higherPairingNumber % 2 === 1 ? firstSide : other(firstSide);
}
