// Who pairs a large Swiss field's round (src/tournaments/swiss-pairer.ts): the bot's worker thread pairs as the
// Dutch system does on the calling thread, and the event loop keeps turning meanwhile (a timer's ticks counted
// while the pairing runs; on the calling thread it cannot tick at all).
import { afterAll, describe, expect, it } from "vitest";
import { seededRandom } from "../../src/engine/internal.ts";
import {
  type GameResult,
  pairSwiss,
  playersAfter,
  type SwissPairInput,
  type SwissTournament,
} from "../../src/tournaments/core/index.ts";
import { inThreadPairer, type SwissPairer, workerPairer } from "../../src/tournaments/swiss-pairer.ts";

/** Round 2 of a seeded Swiss of `players`, round 1 played with random results. */
function afterOneRound(players: number): SwissPairInput {
  const rand = seededRandom(34);
  const entrants = Array.from({ length: players }, (_, i) => ({
    id: `p${i}`,
    name: `P${i}`,
    rating: 1000 + Math.floor(rand() * 1500),
  }));
  const start: SwissTournament = { name: "t", rounds: 5, entrants, played: [] };
  const first = pairSwiss(start, playersAfter(start));
  if (!first.ok) throw new Error(first.error.message);
  const games = first.value.pairs.map((p) => {
    const x = rand();
    const result: GameResult = x < 0.45 ? "south" : x < 0.85 ? "north" : "draw";
    return { ...p, result };
  });
  const record = { ...start, played: [{ games, bye: first.value.bye }] };
  return { record, players: playersAfter(record) };
}

/** The pairing, and how often a 2 ms timer fired while it ran. */
async function ticksDuring(pairer: SwissPairer, input: SwissPairInput) {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 2);
  try {
    const result = await pairer.pair(input);
    return { ticks, result };
  } finally {
    clearInterval(timer);
  }
}

const worker = workerPairer();
afterAll(() => worker.close());

describe("swiss pairer", () => {
  it("swiss pairer - the worker pairs as the calling thread does, and the event loop ticks meanwhile - 101 players", async () => {
    // The thread started first: the ticks below are the pairing's, not the thread's start.
    await worker.pair(afterOneRound(4));
    const input = afterOneRound(101);
    const inThread = await ticksDuring(inThreadPairer, input);
    const inWorker = await ticksDuring(worker, input);
    expect(inWorker.result).toEqual(inThread.result);
    expect(inWorker.result.ok).toBe(true);
    // On the calling thread the pairing is one synchronous run: no timer can fire during it.
    expect(inThread.ticks).toBe(0);
    expect(inWorker.ticks).toBeGreaterThan(0);
  });
});
