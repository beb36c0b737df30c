/**
 * A Swiss round paired in a worker thread (piscina's convention: the default export is the task). The bot
 * pairs a large field here (src/tournaments/swiss-pairer.ts), off the event loop that answers Discord: FIDE's
 * Dutch system costs about half a second of CPU for 500 players (docs/benchmarks.md).
 */
import { pairSwiss } from "./swiss.ts";
import type { PairingResult, SwissPlayer, SwissTournament } from "./types.ts";

/** What a round's pairing reads: the tournament so far and the players to pair (as `pairSwiss` takes them). */
export interface SwissPairInput {
  readonly record: SwissTournament;
  readonly players: readonly SwissPlayer[];
}

export default function swissPairTask(input: SwissPairInput): PairingResult {
  return pairSwiss(input.record, input.players);
}

/**
 * This file as a pool's task module: swiss-pair-task.ts run from the sources (tsx, vitest), .js from a build,
 * as src/puzzles/core/worker.ts finds its own.
 */
export const SWISS_PAIR_TASK = new URL(
  import.meta.url.endsWith(".ts") ? "./swiss-pair-task.ts" : "./swiss-pair-task.js",
  import.meta.url,
);
