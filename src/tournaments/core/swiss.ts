/**
 * The Swiss pairing Nickar uses, whatever the field's size: FIDE's Dutch system exactly (dutch/, as
 * bbpPairings 6 pairs it). A small field's round is paired inside the transaction that ends the previous one,
 * a larger one's in a worker thread (swiss-pair-task.ts, src/tournaments/swiss-rounds.ts); its cost is on
 * docs/benchmarks.md.
 */
import { pairDutch } from "./dutch/index.ts";
import type { PairingResult, SwissPlayer, SwissTournament } from "./types.ts";

/** Pairs the round after `t`'s played rounds, of `players` (the entrants present, their state after those rounds). */
export function pairSwiss(t: SwissTournament, players: readonly SwissPlayer[]): PairingResult {
  return pairDutch(
    t,
    players.map((p) => p.id),
  );
}
