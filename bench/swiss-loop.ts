/**
 * The bot's event loop while a large Swiss round is paired (issue #34): a real SQLite database holding a Swiss of
 * PLAYERS players whose round 4 has just ended (its games ended through the game service), then round 5 paired
 * two ways from copies of that same database:
 *  - before: inside the IMMEDIATE transaction that decides the round, on the event loop (what the transaction
 *    that ended a round did until now, and still does for a field of at most INLINE_PAIRING_MAX);
 *  - now: the pairing job's way (src/tournaments/swiss-rounds.ts): a read, the pairing in the worker thread,
 *    then a short IMMEDIATE transaction that checks the version and stores the round.
 * For each: the event loop's longest stall (the longest gap between two ticks of a 5 ms timer), how often that
 * timer fired meanwhile, and how long the write lock was held.
 *
 *   npx tsx bench/swiss-loop.ts [players]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../src/app.ts";
import { manualClock } from "../src/clock.ts";
import { IMMEDIATE, openDatabase } from "../src/db/client.ts";
import { seededRandom } from "../src/engine/internal.ts";
import type { Images } from "../src/present/images.ts";
import { pairSwiss } from "../src/tournaments/core/index.ts";
import { workerPairer } from "../src/tournaments/swiss-pairer.ts";
import { roundSnapshot, storeRoundPairing } from "../src/tournaments/swiss-rounds.ts";
import { pairable, storeRound, swissRecord, tournamentRow } from "../src/tournaments/tournament-store.ts";

const PLAYERS = Number(process.argv[2] ?? 500);
const DEFAULTS = { timeLimit: 3600, maxGamesPerPlayer: 3, challengeExpiry: 10 * 60_000 };
// Nothing is drawn here: no post is sent.
const NO_IMAGES = {} as Images;

const dir = mkdtempSync(join(tmpdir(), "nickar-swiss-loop-"));
const clock = manualClock();
const open = (file: string) => {
  const database = openDatabase(join(dir, file));
  return { database, app: createApp({ db: database.db, clock, defaults: DEFAULTS, images: NO_IMAGES }) };
};

/** The tournament after 4 rounds of seeded random results, its round 5 waiting. */
async function prepared(): Promise<string> {
  const { database, app } = open("a.db");
  const rand = seededRandom(34);
  const t = app.tournaments.create({
    guildId: "1",
    channelId: "2",
    ruleset: "abapa",
    rounds: 5,
    timeLimit: DEFAULTS.timeLimit,
    rated: true,
    createdBy: "3",
  });
  for (let i = 0; i < PLAYERS; i++) app.tournaments.join(t.id, String(100_000 + i));
  app.tournaments.start(t.id);
  for (let round = 1; round <= 4; round++) {
    clock.advance(1000);
    await app.tournaments.rounds.pair(t.id);
    for (const g of app.tournaments.view(t.id).games.filter((x) => x.status === "active")) {
      const x = rand();
      if (x < 0.8) app.games.resign(g.id, x < 0.4 ? g.northId : g.southId, null);
      else {
        app.games.draw(g.id, g.southId, null);
        app.games.draw(g.id, g.northId, null);
      }
    }
  }
  database.sqlite.exec(`VACUUM INTO '${join(dir, "b.db")}'`);
  database.close();
  return t.id;
}

/**
 * Runs `work` while a 5 ms timer ticks: how often it fired, and the longest gap between two of its ticks (or
 * between the start and the first, the last and the end): how long the event loop answered nothing.
 */
async function watched<T>(work: () => Promise<T>): Promise<{ value: T; maxGap: number; ticks: number }> {
  let ticks = 0;
  let last = performance.now();
  let maxGap = 0;
  const timer = setInterval(() => {
    const at = performance.now();
    maxGap = Math.max(maxGap, at - last);
    last = at;
    ticks++;
  }, 5);
  last = performance.now();
  const value = await work();
  // The timer's turn after the work: a gap the work caused ends there.
  await new Promise((resolve) => setTimeout(resolve, 6));
  clearInterval(timer);
  return { value, maxGap: Math.max(maxGap, performance.now() - last), ticks };
}

const id = await prepared();
clock.advance(1000);

// Before: the round paired inside the IMMEDIATE transaction, on the event loop.
const before = open("b.db");
let lockBefore = 0;
const inline = await watched(async () => {
  const t0 = performance.now();
  before.database.db.transaction((tx) => {
    const t = tournamentRow(tx, id)!;
    const round = t.pairingRound!;
    storeRound(tx, t, round, pairSwiss(swissRecord(tx, t), pairable(tx, t, round)), clock.now(), null);
  }, IMMEDIATE);
  lockBefore = performance.now() - t0;
});
before.database.close();

// Now: a read, the worker, a short transaction.
const now = open("a.db");
const pairer = workerPairer();
// The thread started first (a bot's thread lives on between rounds): the figures are the pairing's.
const warm = roundSnapshot(now.database.db, id)!;
await pairer.pair({ record: { ...warm.input.record, played: [] }, players: warm.input.players.slice(0, 4) });
let lockNow = 0;
let readMs = 0;
let pairMs = 0;
const job = await watched(async () => {
  const t0 = performance.now();
  const snap = roundSnapshot(now.database.db, id)!;
  const t1 = performance.now();
  const paired = await pairer.pair(snap.input);
  const t2 = performance.now();
  const outcome = storeRoundPairing(now.database.db, snap, paired, clock.now());
  lockNow = performance.now() - t2;
  readMs = t1 - t0;
  pairMs = t2 - t1;
  return outcome;
});
await pairer.close();
const games = now.app.tournaments.view(id).games.filter((g) => g.tournamentRound === 5).length;
now.database.close();
rmSync(dir, { recursive: true, force: true });

const f = (ms: number) => `${ms.toFixed(0)} ms`;
console.log(`Swiss round 5 of ${PLAYERS} players (${games} games), the event loop meanwhile:`);
console.log(
  `  before (paired in the transaction):  longest event-loop stall ${f(inline.maxGap)}, 5 ms timer ticks ${inline.ticks}, write lock held ${f(lockBefore)}`,
);
console.log(
  `  now (worker thread, ${job.value}):  longest event-loop stall ${f(job.maxGap)}, 5 ms timer ticks ${job.ticks}, write lock held ${f(lockNow)} (read ${f(readMs)}, pairing in the worker ${f(pairMs)})`,
);
