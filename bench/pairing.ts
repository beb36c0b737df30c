/**
 * A Swiss round of 500 players paired by `pairRound`, after 4 rounds with random results (seeded): the
 * median of 7 runs. Issue #22 asks for well under a second.
 */
import { pathToFileURL } from "node:url";
import { seededRandom } from "../src/engine/internal.ts";
import { type GameResult, pairRound, playersAfter, type SwissTournament } from "../src/tournaments/index.ts";

export function benchPairing(players = 500, before = 4, runs = 7): string[] {
  const rand = seededRandom(22);
  let t: SwissTournament = {
    name: "bench",
    rounds: before + 1,
    entrants: Array.from({ length: players }, (_, i) => ({
      id: `p${i}`,
      name: `P${i}`,
      rating: 1000 + Math.floor(rand() * 1500),
    })),
    played: [],
  };
  for (let r = 1; r <= before; r++) {
    const res = pairRound(playersAfter(t), r);
    if (!res.ok) throw new Error(res.error.message);
    const games = res.value.pairs.map((p) => {
      const x = rand();
      const result: GameResult = x < 0.45 ? "south" : x < 0.85 ? "north" : "draw";
      return { ...p, result };
    });
    t = { ...t, played: [...t.played, { games, bye: res.value.bye }] };
  }
  const field = playersAfter(t);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = pairRound(field, before + 1);
    times.push(performance.now() - t0);
    if (!res.ok) throw new Error(res.error.message);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(runs / 2)];
  return [
    `Swiss pairing: round ${before + 1} of ${players} players  median ${median.toFixed(0)} ms  (min ${times[0].toFixed(0)}, max ${times[runs - 1].toFixed(0)}, ${runs} runs)`,
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of benchPairing()) console.log(line);
}
