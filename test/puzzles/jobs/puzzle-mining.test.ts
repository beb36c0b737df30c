// Mining finished games for puzzles through the real AI pool (a worker thread) on a real SQLite database:
// a game mined in node-bounded steps finds exactly what mining it at once finds, and its puzzles become
// playable; a game too short, or voided, is not mined.
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { puzzles } from "../../../src/db/schema.ts";
import { findPuzzles, selfPlayGame } from "../../../src/puzzles/core/index.ts";
import { PuzzleMining } from "../../../src/puzzles/jobs/puzzle-mining.ts";
import { IdleCollect } from "../../../src/workers/idle-collect.ts";
import { ALICE, BOB, setup, sharedPool, type World } from "../../support/helpers.ts";
import { finish, startGame } from "../../support/play.ts";

const logger = pino({ level: "silent" });
const pool = sharedPool();
let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

/** Alice and Bob play `moves` (a self-play game's) through the game service, then Bob resigns. */
async function played(moves: readonly number[]): Promise<string> {
  const id = await startGame(w, ALICE, BOB, { ruleset: "abapa" });
  for (const house of moves) {
    const { row, state } = w.app.games.get(id)!;
    if (state.outcome.over || row.status !== "active") break;
    w.app.games.play(id, state.position.toMove === 0 ? ALICE : BOB, house, row.ply);
  }
  if (w.app.games.get(id)!.row.status === "active") await finish(w, id, "south");
  return id;
}

describe("puzzle mining", () => {
  it("puzzle mining - a game mined in small steps finds what mining it at once finds - the puzzles stored with their game", async () => {
    // Game 1 of seed 2 has one puzzle (bench/puzzles.ts mines the same games).
    const game = selfPlayGame("abapa", 2, 1);
    const id = await played(game.moves);
    const moves = JSON.parse(w.app.games.get(id)!.row.moves) as number[];
    const once = findPuzzles("abapa", moves, { source: { kind: "game", gameId: id } });
    const mining = new PuzzleMining(w.app, pool(), logger, () => true, 200_000);
    mining.poke();
    await mining.idle();
    const record = w.app.puzzleMining.get(id)!;
    expect(record).toMatchObject({ status: "done", nextPly: moves.length });
    expect(record.steps).toBeGreaterThan(1);
    const stored = w
      .db()
      .select()
      .from(puzzles)
      .all()
      .filter((p) => p.sourceKind === "game");
    expect(stored.map((p) => p.id).sort()).toEqual(once.puzzles.map((p) => p.id).sort());
    expect(once.puzzles.length).toBeGreaterThan(0);
    expect(stored.every((p) => p.sourceGameId === id && p.sourceGuildId === "100")).toBe(true);
    // Nothing more to mine: a second poke finds no game.
    mining.poke();
    await mining.idle();
    expect(w.app.puzzleMining.get(id)!.steps).toBe(record.steps);
  });

  it("puzzle mining - no step while the bot is busy, the game mined once it is quiet - interactions reported", async () => {
    const id = await played(selfPlayGame("abapa", 2, 1).moves);
    const activity = new IdleCollect({ quietMs: 300 });
    activity.busy();
    const mining = new PuzzleMining(
      w.app,
      pool(),
      logger,
      () => true,
      undefined,
      () => activity.quiet(),
    );
    mining.poke();
    // Work goes on for a second: each report puts the quiet off.
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 200));
      expect(w.app.puzzleMining.get(id)).toBeNull();
      activity.busy();
    }
    await mining.idle();
    expect(w.app.puzzleMining.get(id)).toMatchObject({ status: "done" });
    activity.stop();
  });

  it("puzzle mining - a game of fewer than ten moves is not mined - short game", async () => {
    const id = await played([3, 3, 4]);
    const mining = new PuzzleMining(w.app, pool(), logger);
    mining.poke();
    await mining.idle();
    expect(w.app.puzzleMining.get(id)).toBeNull();
  });
});
