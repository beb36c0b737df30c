/** Shared by the tournament tests: random fields, and rounds paired by `pairSwiss` and played with random results. */
import {
  type GameResult,
  pairSwiss,
  playersAfter,
  type SwissPairing,
  type SwissPlayer,
  type SwissTournament,
} from "../../../src/tournaments/core/index.ts";

export function field(n: number, ratings: readonly number[]): SwissTournament {
  return {
    name: "Test Swiss",
    rounds: 9,
    entrants: Array.from({ length: n }, (_, i) => ({
      id: `p${i + 1}`,
      name: `Player ${i + 1}`,
      rating: ratings[i] ?? 1500,
    })),
    played: [],
  };
}

/** Plays `rounds` rounds with results drawn from `results` (0 south, 1 north, 2 draw), stopping at the first failure. */
export function play(
  t: SwissTournament,
  rounds: number,
  results: readonly number[],
): { tournament: SwissTournament; pairings: SwissPairing[]; failed: SwissPlayer[] | null } {
  const pairings: SwissPairing[] = [];
  let k = 0;
  for (let r = 1; r <= rounds; r++) {
    const before = playersAfter(t);
    const res = pairSwiss(t, before);
    if (!res.ok) return { tournament: t, pairings, failed: before };
    pairings.push(res.value);
    const games = res.value.pairs.map((p) => ({
      ...p,
      result: (["south", "north", "draw"] as const)[results[k++ % results.length] ?? 0] as GameResult,
    }));
    t = { ...t, played: [...t.played, { games, bye: res.value.bye }] };
  }
  return { tournament: t, pairings, failed: null };
}
