// Analyses of finished games: the queue (one per server at a time), stored results answered at once,
// the viewer's evaluations, and a planted blunder found by the real engine in the AI pool.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AiPool, createAiPool } from "../../src/ai/index.ts";
import { COMMANDS } from "../../src/commands/index.ts";
import { handleButton } from "../../src/interactions/buttons.ts";
import { ALICE, BOB, CAROL, options, setup, type World } from "./helpers.ts";
import { startGame } from "./play.ts";

const NICKAR = "999";
let pool: AiPool;
beforeAll(() => {
  pool = createAiPool({ threads: 1 });
});
afterAll(async () => {
  await pool.close();
});

let w: World;
beforeEach(() => {
  w = setup(() => 0.1, undefined, { bots: new Set([NICKAR]), computer: { pool, analysisMs: 10, seed: 1 } });
});
afterEach(() => w.close());

/** A game between two people with these moves, then resigned by whoever is to move. */
async function finishedGame(south: string, north: string, moves: number[], guildId = "100"): Promise<string> {
  const ctx = (user: string) => w.ctx(user, { guildId });
  const challenge = await COMMANDS.challenge.handle(ctx(south), options({ opponent: { id: north }, first: "me" }));
  const id = (await handleButton(ctx(north), { type: "challenge", challengeId: challenge.bind!.id, action: "accept" }))
    .bind!.id;
  for (const house of moves) {
    const { row, state } = w.app.games.get(id)!;
    w.app.games.play(id, state.position.toMove === 0 ? row.southId : row.northId, house, row.ply);
  }
  const { row, state } = w.app.games.get(id)!;
  w.app.games.resign(id, state.position.toMove === 0 ? row.southId : row.northId, null);
  return id;
}

const analyse = (user: string, gameId: string, guildId = "100") =>
  COMMANDS.analyse.handle(w.ctx(user, { guildId }), options({ game: gameId }));

describe("analysis queue", () => {
  it("analyse - refused - a game still being played", async () => {
    const id = await startGame(w, ALICE, BOB);
    await expect(Promise.resolve().then(() => analyse(ALICE, id))).rejects.toMatchObject({ code: "analysis/active" });
  });

  it("analyse - one at a time per server, the rest queued and told so, stored results at once - three games", async () => {
    const a = await finishedGame(ALICE, BOB, [3, 3, 1]);
    const b = await finishedGame(BOB, CAROL, [2, 5]);
    const c = await finishedGame(ALICE, CAROL, [6, 6], "101");
    const first = await analyse(ALICE, a);
    expect(first.bind).toEqual({ kind: "analysis", id: a });
    const second = await analyse(BOB, b);
    expect(second.reply.content).toContain("queued: 1 analysis of this server runs first");
    const other = await analyse(ALICE, c, "101");
    for (const [id, message] of [
      [a, "m1"],
      [b, "m2"],
      [c, "m3"],
    ])
      w.app.analyses.bindMessage(id, "200", message);
    expect(other.bind?.kind).toBe("analysis");
    // Asking again for a waiting one: privately, with a link to its message.
    const again = await analyse(CAROL, b);
    expect(again.reply.ephemeral).toBe(true);
    expect(again.reply.content).toContain("/m2");

    // One per server runs: a (server 100) and c (server 101), not b.
    const claimed = w.app.analyses.claim().map((r) => r.gameId);
    expect(claimed.sort()).toEqual([a, c].sort());
    expect(w.app.analyses.claim()).toEqual([]);
    const progress: number[] = [];
    const { report } = await w.app.analyses.run(w.app.analyses.get(a)!, (done) => void progress.push(done));
    expect(progress).toEqual([1, 2, 3, 4]);
    expect(report.evaluations).toHaveLength(4);
    expect(w.app.analyses.claim().map((r) => r.gameId)).toEqual([b]);

    // The stored result: answered at once, with the chart, and the viewer shows the evaluations.
    const done = await analyse(BOB, a);
    expect(done.bind).toBeUndefined();
    expect(done.reply.content).toContain("**Analysis of game");
    expect((await done.reply.image!())?.name).toBe(`nickar-${a}-analysis.png`);
    const viewer = await COMMANDS.game.handle(w.ctx(ALICE), options({ id: a, move: 1 }));
    expect(viewer.reply.content).toMatch(/Evaluation: ([-+]\d+\.\d \((South|North) ahead\)|0\.0 \(level\))/);
  });

  it("analyse - started again from the beginning - a restart during the analysis", async () => {
    const a = await finishedGame(ALICE, BOB, [3, 3]);
    await analyse(ALICE, a);
    w.app.analyses.bindMessage(a, "200", "m1");
    expect(w.app.analyses.claim()).toHaveLength(1);
    w.restart();
    expect(w.app.analyses.requeueRunning()).toBe(1);
    expect(w.app.analyses.get(a)).toMatchObject({ status: "queued", done: 0 });
    expect(w.app.analyses.claim()).toHaveLength(1);
  });
});
