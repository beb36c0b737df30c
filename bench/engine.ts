/**
 * Random-playout throughput per ruleset on one core, through the allocation-free core (what search
 * uses) and through the public immutable API with events (what the bot uses).
 */
import { pathToFileURL } from "node:url";
import {
  CoreGame,
  newGame,
  play,
  RULESET_IDS,
  type RulesetId,
  seededRandom as random,
} from "../src/engine/internal.ts";

/** Picks a random set bit of a 6-bit mask, as a house number 1..6. */
function pickHouse(mask: number, rand: () => number): number {
  let count = 0;
  for (let m = mask; m; m &= m - 1) count++;
  let k = Math.floor(rand() * count);
  for (let h = 0; h < 6; h++) if (mask & (1 << h) && k-- === 0) return h + 1;
  throw new Error("empty mask");
}

interface Throughput {
  plies: number;
  games: number;
  seconds: number;
}

function coreRun(ruleset: RulesetId, millis: number): Throughput {
  const rand = random(1);
  const start = CoreGame.fromPosition(ruleset, { pits: Array(12).fill(4), stores: [0, 0], toMove: 0 });
  const game = start.clone();
  let plies = 0;
  let games = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < millis) {
    for (let i = 0; i < 100; i++) {
      game.copyFrom(start);
      while (!game.over) {
        game.play(pickHouse(game.legalMask(), rand));
        plies++;
      }
      games++;
    }
    t = performance.now();
  }
  return { plies, games, seconds: (t - t0) / 1000 };
}

function apiRun(ruleset: RulesetId, millis: number): Throughput {
  const rand = random(2);
  const start = newGame(ruleset);
  let plies = 0;
  let games = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < millis) {
    for (let i = 0; i < 20; i++) {
      let state = start;
      while (!state.outcome.over) {
        const legal = state.legalMoves;
        const played = play(state, legal[Math.floor(rand() * legal.length)]);
        if (!played.ok) throw new Error(played.error.message);
        state = played.value.state;
        plies++;
      }
      games++;
    }
    t = performance.now();
  }
  return { plies, games, seconds: (t - t0) / 1000 };
}

function format(label: string, r: Throughput): string {
  const pps = Math.round(r.plies / r.seconds).toLocaleString("en-US");
  const gps = Math.round(r.games / r.seconds).toLocaleString("en-US");
  return `${label.padEnd(24)} ${pps.padStart(11)} plies/s ${gps.padStart(9)} games/s  (${(r.plies / r.games).toFixed(1)} plies/game)`;
}

export function benchEngine(millis = 1500): string[] {
  const lines = ["Engine random playouts (one core):"];
  for (const ruleset of RULESET_IDS) {
    coreRun(ruleset, 200); // warm-up
    lines.push(format(`  ${ruleset} core`, coreRun(ruleset, millis)));
    apiRun(ruleset, 200);
    lines.push(format(`  ${ruleset} public API`, apiRun(ruleset, millis)));
  }
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of benchEngine()) console.log(line);
}
