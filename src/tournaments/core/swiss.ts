/**
 * The Swiss pairing Nickar uses: FIDE's Dutch system exactly (dutch/, as bbpPairings 6 pairs it) for fields
 * of up to DUTCH_UP_TO players; a larger field is paired by the single-matching approximation (pairing.ts),
 * which keeps every absolute criterion but not the Dutch order among equally legal pairings, because the
 * exact procedure re-matches the whole field once per decision (O(n⁴) here: 0.1-0.35 s of CPU a round at 100 players, 1-3 s at 150-175) and
 * a round is paired inside the transaction that ends the previous one.
 */
import { pairDutch } from "./dutch/index.ts";
import { pairRound } from "./pairing.ts";
import type { PairingResult, SwissPlayer, SwissTournament } from "./types.ts";

export const DUTCH_UP_TO = 100;

/** Pairs the round after `t`'s played rounds, of `players` (the entrants present, their state after those rounds). */
export function pairSwiss(t: SwissTournament, players: readonly SwissPlayer[]): PairingResult {
  if (players.length <= DUTCH_UP_TO)
    return pairDutch(
      t,
      players.map((p) => p.id),
    );
  return pairRound(players, t.played.length + 1, { firstSide: t.firstSide });
}
