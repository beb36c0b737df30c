/**
 * A Swiss round paired by `pairSwiss` (what Nickar runs: FIDE's Dutch system exactly, dutch/) after 4 rounds
 * with random results (seeded), for 100, 200 and 500 players, in wall time and in CPU time (the machine is
 * often shared: CPU time is the steadier figure); an
 * arena wave of 200 waiting players paired by `pairArenaWave` (each with a last opponent among them,
 * random side balances, ranks spread over a field of 600); and a knockout of 256 seeded by `seedBracket`
 * and played out by `bracketState`: the median of 7 runs or more each. Issue #22 asks for well under a
 * second for the arena wave.
 */
import { pathToFileURL } from "node:url";
import { seededRandom } from "../src/engine/internal.ts";
import {
  type ArenaWaiting,
  bracketState,
  type Decided,
  type GameResult,
  pairArenaWave,
  pairSwiss,
  playersAfter,
  type SwissTournament,
  seedBracket,
} from "../src/tournaments/core/index.ts";

/** Median, min and max of `runs` timings of `f`, wall and CPU (this process's user + system time). */
function timed(runs: number, f: () => void): { median: number; min: number; max: number; cpu: number } {
  const times: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    f();
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)], min: times[0], max: times[runs - 1], cpu: cpus[Math.floor(runs / 2)] };
}

const figures = (t: { median: number; min: number; max: number }, runs: number) =>
  `median ${t.median.toFixed(0)} ms  (min ${t.min.toFixed(0)}, max ${t.max.toFixed(0)}, ${runs} runs)`;

/** An arena wave: `players` waiting, ranks spread over a field three times as large, each with a last opponent among them. */
export function benchArenaWave(players = 200, runs = 15): string {
  const rand = seededRandom(26);
  const ids = Array.from({ length: players }, (_, i) => `p${i}`);
  const waiting: ArenaWaiting[] = ids.map((id, i) => ({
    id,
    rank: 3 * i + 1 + Math.floor(rand() * 3),
    lastOpponent: ids[Math.floor(rand() * players)],
    southBalance: Math.floor(rand() * 5) - 2,
  }));
  let paired = 0;
  const t = timed(runs, () => {
    paired = pairArenaWave(waiting).pairs.length;
  });
  return `Arena pairing: a wave of ${players} waiting players (${paired} pairs)  ${figures(t, runs)}`;
}

/** A knockout: `players` seeded, then the bracket's state computed after each round until the final (the top seed wins). */
export function benchKnockout(players = 256, runs = 15): string {
  const entrants = Array.from({ length: players }, (_, i) => ({ id: `p${i}`, rating: 1000 + ((i * 7919) % 1500) }));
  let rounds = 0;
  const t = timed(runs, () => {
    const first = seedBracket(entrants);
    const decided: Decided[] = [];
    for (;;) {
      const res = bracketState(first, decided);
      if (!res.ok) throw new Error(res.error.message);
      rounds = res.value.rounds;
      if (res.value.ready.length === 0) break;
      for (const m of res.value.ready) {
        const winner = m.top!.seed < m.bottom!.seed ? m.top! : m.bottom!;
        decided.push({ round: m.round, index: m.index, winner: winner.id });
      }
    }
  });
  return `Knockout: ${players} players seeded and played out (${rounds} rounds)  ${figures(t, runs)}`;
}

/** Round `before + 1` of a seeded random Swiss of `players`, each round paired as Nickar pairs it. */
export function benchSwiss(players: number, before = 4, runs = 7): string {
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
    const res = pairSwiss(t, playersAfter(t));
    if (!res.ok) throw new Error(res.error.message);
    const games = res.value.pairs.map((p) => {
      const x = rand();
      const result: GameResult = x < 0.45 ? "south" : x < 0.85 ? "north" : "draw";
      return { ...p, result };
    });
    t = { ...t, played: [...t.played, { games, bye: res.value.bye }] };
  }
  const field = playersAfter(t);
  const swiss = timed(runs, () => {
    const res = pairSwiss(t, field);
    if (!res.ok) throw new Error(res.error.message);
  });
  return `Swiss pairing (Dutch): round ${before + 1} of ${players} players  ${figures(swiss, runs)}, CPU median ${swiss.cpu.toFixed(0)} ms`;
}

export function benchPairing(): string[] {
  return [benchSwiss(100), benchSwiss(200), benchSwiss(500), benchArenaWave(), benchKnockout()];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of benchPairing()) console.log(line);
}
