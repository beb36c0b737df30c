// Analyses of finished games: the queue (one per server at a time), stored results answered at once,
// the viewer's evaluations, and a planted blunder found by the real engine in the AI pool.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import { newGame, replay } from "../../src/engine/index.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import { ALICE, BOB, CAROL, options, setup, sharedPool, type World } from "../support/helpers.ts";
import { startGame } from "../support/play.ts";

const NICKAR = "999";
const pool = sharedPool();

let w: World;
beforeEach(() => {
  w = setup(() => 0.1, undefined, { bots: new Set([NICKAR]), computer: { pool: pool(), analysisMs: 10, seed: 1 } });
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

  it("analyse - said to run next, not after 0 others - nothing ahead in the server", async () => {
    const a = await finishedGame(ALICE, BOB, [3, 3, 1]);
    const first = await analyse(ALICE, a);
    expect(first.reply.content).toContain("queued: it runs next");
    expect(first.reply.content).not.toMatch(/\b0 analyses/);
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
    const viewer = await COMMANDS.game.handle(w.ctx(ALICE), options({ id: a, move: "1" }));
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

describe("analysis by the engine", () => {
  /**
   * A game where South, otherwise playing the engine's moves, once plays the move the engine likes
   * least (at least 10 seeds worse than its best), then the game goes on a few moves and North resigns.
   */
  async function gameWithBlunder(): Promise<{ moves: number[]; blunderPly: number }> {
    const think = (moves: number[]) => pool().think({ ruleset: "abapa", moves, level: "expert", ms: 40, seed: 3 });
    const moves: number[] = [];
    let blunderPly = 0;
    while (moves.length < 40) {
      const state = replay(newGame("abapa"), moves);
      if (!state.ok || state.value.outcome.over) break;
      if (blunderPly === 0 && moves.length >= 4 && state.value.position.toMove === 0) {
        // North's score after each South move: the worst for South is the planted blunder.
        const replies = await Promise.all(
          state.value.legalMoves.map(async (m) => ({ m, s: (await think([...moves, m])).score })),
        );
        replies.sort((a, b) => b.s - a.s);
        if (replies[0].s - replies[replies.length - 1].s >= 10) {
          moves.push(replies[0].m);
          blunderPly = moves.length;
          continue;
        }
      }
      if (blunderPly && moves.length >= blunderPly + 4) break;
      moves.push((await think(moves)).best);
    }
    if (!blunderPly) throw new Error("no position to plant a blunder in");
    return { moves, blunderPly };
  }

  it("analysis - marks the planted blunder with the engine's move - abapa game, real search", async () => {
    const { moves, blunderPly } = await gameWithBlunder();
    const id = await finishedGame(ALICE, BOB, moves);
    await analyse(ALICE, id);
    w.app.analyses.bindMessage(id, "200", "m1");
    const [row] = w.app.analyses.claim();
    const { report } = await w.app.analyses.run({ ...row, budgetMs: 40 }, () => {});
    const planted = report.plies[blunderPly - 1];
    expect(planted.player).toBe(0);
    expect(planted.mark, JSON.stringify(planted)).toBe("blunder");
    expect(planted.best).not.toBeNull();
    expect(planted.best).not.toBe(planted.letter);
    expect(report.summary[0].blunder).toBeGreaterThanOrEqual(1);
    // The evaluation swings towards North at the blunder.
    expect(report.evaluations[blunderPly]).toBeLessThan(report.evaluations[blunderPly - 1] - 6);
  }, 60_000);
});
