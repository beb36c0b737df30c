/**
 * Who computes a Swiss round's pairing for the pairing job (swiss-rounds.ts): the bot's is a worker thread of
 * the generic pool (src/workers/pool.ts), so that a large field's second of Dutch pairing never stops the event
 * loop that answers Discord; tools and tests without a pool pair on the calling thread, the same function.
 */

import { WorkerPool } from "../workers/pool.ts";
import type { PairingResult } from "./core/index.ts";
import { pairSwiss, SWISS_PAIR_TASK, type SwissPairInput } from "./core/index.ts";

export interface SwissPairer {
  pair(input: SwissPairInput): Promise<PairingResult>;
  close(): Promise<void>;
}

/**
 * One thread, started by the first large round and stopped after a minute without one (a Swiss pairs a round
 * now and then; the thread holds its heap meanwhile).
 */
export function workerPairer(): SwissPairer {
  const pool = new WorkerPool<SwissPairInput, PairingResult>({ module: SWISS_PAIR_TASK, threads: 1, idleMs: 60_000 });
  return { pair: (input) => pool.run(input), close: () => pool.close() };
}

/** On the calling thread (tools and tests that pair no large field on a live bot). */
export const inThreadPairer: SwissPairer = {
  pair: async (input) => pairSwiss(input.record, input.players),
  close: async () => {},
};
