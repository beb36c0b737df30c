// Playing Nickar itself, through the real handlers, the real game service, a real SQLite file and the
// real AI pool (worker threads) with a small thinking budget.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AiPool, ThinkResult } from "../../src/ai/index.ts";
import { COMMANDS } from "../../src/commands/index.ts";
import { games } from "../../src/db/schema.ts";
import { RULESET_IDS } from "../../src/engine/index.ts";
import { DRAW_ACCEPT_AT_MOST, moveReason } from "../../src/games/computer.ts";
import { translator } from "../../src/i18n/index.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import { ALICE, BOB, options, setup, sharedPool, type World } from "../support/helpers.ts";
import { buttonIds, startGame } from "../support/play.ts";

const NICKAR = "999";
const MOVE_MS = 20;

const pool = sharedPool();

let w: World;
beforeEach(() => {
  w = setup(() => 0.1, undefined, {
    bots: new Set([NICKAR]),
    computer: { pool: pool(), moveMs: MOVE_MS, hintMs: MOVE_MS, analysisMs: MOVE_MS, seed: 7 },
  });
});
afterEach(() => w.close());

const nickar = { id: NICKAR, bot: true };

async function playComputer(values: Parameters<typeof options>[0] = {}) {
  const res = await COMMANDS.play.handle(w.ctx(ALICE), options({ level: "easy", ...values }));
  expect(res.bind?.kind).toBe("game");
  w.app.games.bindMessage(res.bind!.id, "200", "m1");
  return { res, id: res.bind!.id };
}

/** Plays the game out: Alice takes her first legal house, Nickar searches its moves; returns the plies. */
async function playOut(id: string): Promise<number> {
  for (let i = 0; i < 400; i++) {
    const game = w.app.games.get(id)!;
    if (game.row.status !== "active") return game.row.ply;
    if (w.app.computer.toMove(game)) {
      const after = await w.app.computer.move(game);
      expect(after, "Nickar's move was played").not.toBeNull();
    } else {
      const house = game.state.legalMoves[0];
      await handleButton(w.ctx(ALICE), {
        type: "game",
        gameId: id,
        ply: game.row.ply,
        action: { kind: "move", house },
      });
    }
  }
  throw new Error("the game did not end");
}

describe("the computer opponent", () => {
  it.each(RULESET_IDS)("computer game - played to the end through the game service - %s", async (ruleset) => {
    const { id, res } = await playComputer({ ruleset, first: "them", level: "medium" });
    const start = w.app.games.get(id)!;
    expect(start.row).toMatchObject({ level: "medium", rated: false, southId: NICKAR, northId: ALICE });
    // Nickar moves first: the board says so, its houses cannot be pressed, no clock runs for it.
    expect(res.reply.content).toContain("Nickar is thinking…");
    expect(start.row.deadlineAt).toBeNull();
    const plies = await playOut(id);
    const end = w.app.games.get(id)!;
    expect(end.row.status).toBe("finished");
    expect(end.state.outcome.over).toBe(true);
    expect(plies).toBeGreaterThan(4);
    // Unrated: nothing in the ratings or on the leaderboard.
    expect(w.app.ratings.leaderboard("100", ruleset).entries).toEqual([]);
  });

  it("computer game - no clock while Nickar is to move, the player's after its move - first move by the player", async () => {
    const { id, res } = await playComputer({ first: "me" });
    expect(res.reply.content).toContain(`<@${ALICE}> to move`);
    const house = w.app.games.get(id)!.state.legalMoves[0];
    const after = await handleButton(w.ctx(ALICE), {
      type: "game",
      gameId: id,
      ply: 0,
      action: { kind: "move", house },
    });
    expect(after.reply.content).toContain("Nickar is thinking…");
    // Nickar's houses are drawn but disabled while it thinks; no hint is offered then.
    const houses = after.reply.components!.slice(0, 2).flatMap((r) => r.components);
    expect(houses.every((b) => "disabled" in b && b.disabled)).toBe(true);
    expect(buttonIds(after).some((c) => c.endsWith(":h"))).toBe(false);
    expect(w.app.games.get(id)!.row).toMatchObject({ deadlineAt: null, reminderAt: null });
    const moved = await w.app.computer.move(w.app.games.get(id)!);
    expect(moved!.row.ply).toBe(2);
    expect(moved!.row.deadlineAt).toBe(w.clock.now() + 3600 * 1000);
    // A sweep long after never times Nickar out, and the player's clock is the one that counts.
    expect(w.app.computer.tasks()).toEqual([]);
  });

  it("challenge @Nickar - starts the game at once, no Accept - level given", async () => {
    const res = await COMMANDS.challenge.handle(
      w.ctx(ALICE),
      options({ opponent: nickar, level: "hard", first: "me" }),
    );
    expect(res.bind?.kind).toBe("game");
    const game = w.app.games.get(res.bind!.id)!;
    expect(game.row).toMatchObject({ level: "hard", rated: false, status: "active", southId: ALICE });
    // The default level is medium; rated:true is refused politely (played unrated).
    const other = await COMMANDS.challenge.handle(
      w.ctx(BOB),
      options({ opponent: nickar, rated: true, ruleset: "haiti" }),
    );
    expect(w.app.games.get(other.bind!.id)!.row).toMatchObject({ level: "medium", rated: false, ruleset: "haiti" });
    expect(other.reply.content).toContain("Games against Nickar are unrated.");
  });

  it("challenge - refused with a reason - a level for a person, a ladder or series game with Nickar", async () => {
    await expect(
      Promise.resolve().then(() =>
        COMMANDS.challenge.handle(w.ctx(ALICE), options({ opponent: { id: BOB }, level: "easy" })),
      ),
    ).rejects.toMatchObject({ code: "challenge/level" });
    await expect(
      Promise.resolve().then(() => COMMANDS["series challenge"].handle(w.ctx(ALICE), options({ opponent: nickar }))),
    ).rejects.toMatchObject({ code: "challenge/bot" });
  });

  it("computer game - unrated and out of the leaderboard - bots slot, a result against Nickar", async () => {
    const { id } = await playComputer({ ruleset: "abapa", first: "me" });
    await handleButton(w.ctx(ALICE), { type: "game", gameId: id, ply: 0, action: { kind: "resign-confirm" } });
    // Even a game marked rated by hand stays out of the ratings: Nickar is one of the `bots`.
    w.db().update(games).set({ rated: true }).run();
    const ended = w.app.games.get(id)!;
    expect(ended.row).toMatchObject({ status: "finished", winner: 1, reason: "resign" });
    w.app.games.void(id, "check");
    expect(w.app.ratings.leaderboard("100", "abapa").entries).toEqual([]);
    expect(w.app.ratings.stats("100", "abapa", ALICE).stats.games).toBe(0);
  });

  it("rematch - a new game against Nickar at once, sides swapped, same level - after a resignation", async () => {
    const { id } = await playComputer({ level: "hard", ruleset: "wari", first: "me" });
    const ended = await handleButton(w.ctx(ALICE), {
      type: "game",
      gameId: id,
      ply: 0,
      action: { kind: "resign-confirm" },
    });
    // The ending is told to the player by the game's notice; Nickar is not notified.
    expect(ended.notices?.[0]).toMatchObject({ key: `game:${id}`, users: [ALICE] });
    const again = await handleButton(w.ctx(ALICE), { type: "game", gameId: id, ply: 0, action: { kind: "rematch" } });
    expect(again.bind?.kind).toBe("game");
    const next = w.app.games.get(again.bind!.id)!;
    expect(next.row).toMatchObject({ level: "hard", ruleset: "wari", southId: NICKAR, northId: ALICE, rated: false });
    expect(again.reply.content).toContain("Nickar is thinking…");
  });

  it("stats - a player's record against each level - wins, draws and losses", async () => {
    const outcomes: [string, "resign" | "nickar-resigns" | "draw"][] = [
      ["easy", "nickar-resigns"],
      ["easy", "nickar-resigns"],
      ["hard", "resign"],
      ["expert", "draw"],
    ];
    for (const [level, how] of outcomes) {
      const { id } = await playComputer({ level, first: "me" });
      if (how === "resign") w.app.games.resign(id, ALICE, null);
      if (how === "nickar-resigns") w.app.games.resign(id, NICKAR, null);
      if (how === "draw") {
        w.app.games.draw(id, ALICE, null);
        w.app.games.draw(id, NICKAR, null);
      }
    }
    const res = await COMMANDS.stats.handle(w.ctx(ALICE), options());
    expect(res.reply.content).toContain("Against Nickar: easy 2 W 0 D 0 L · hard 0 W 0 D 1 L · expert 0 W 1 D 0 L");
    expect(res.reply.content).toContain("No rated games yet");
    // Bob never played it: no such line.
    const bob = await COMMANDS.stats.handle(w.ctx(BOB), options());
    expect(bob.reply.content).not.toContain("Against Nickar");
  });

  it("hint - the best move and why, privately - game against Nickar", async () => {
    const { id } = await playComputer({ first: "me" });
    const board = w.app.games.get(id)!;
    const res = await handleButton(w.ctx(ALICE), { type: "game", gameId: id, ply: 0, action: { kind: "hint" } });
    expect(res.reply.ephemeral).toBe(true);
    const answer = await res.deferred!();
    expect(answer.ephemeral).toBe(true);
    const letter = /play \*\*1\. ([A-F])\*\*: (.+) \(evaluation/.exec(answer.content);
    expect(letter, answer.content).not.toBeNull();
    expect(board.state.legalMoves).toContain(letter![1].charCodeAt(0) - 64);
    // Someone else, or out of turn: refused at once.
    await expect(
      handleButton(w.ctx(BOB), { type: "game", gameId: id, ply: 0, action: { kind: "hint" } }),
    ).rejects.toMatchObject({ code: "game/not-yours" });
  });

  it("hint - never offered or given - rated game between people", async () => {
    const id = await startGame(w, ALICE, BOB);
    const board = await handleButton(w.ctx(ALICE), { type: "game", gameId: id, ply: 0, action: { kind: "draw" } });
    expect(buttonIds(board).some((c) => c.endsWith(":h"))).toBe(false);
    await expect(
      handleButton(w.ctx(ALICE), { type: "game", gameId: id, ply: 0, action: { kind: "hint" } }),
    ).rejects.toMatchObject({ code: "hint/rated" });
    // An unrated game between people offers it.
    const unrated = await startGame(w, ALICE, "1003", { rated: false });
    const shown = await handleButton(w.ctx(ALICE), {
      type: "game",
      gameId: unrated,
      ply: 0,
      action: { kind: "move", house: 3 },
    });
    expect(buttonIds(shown).some((c) => c.endsWith(":h"))).toBe(true);
  });

  it("hint reason - says what the move does - from its engine events", () => {
    const en = translator("en");
    const [capture] = moveReason(
      [{ type: "capture", player: 0, pits: [8, 7], seeds: [3, 2], total: 5, kay: false }],
      0,
    );
    expect(en(capture.term, capture.values)).toBe("captures 5");
    expect(moveReason([{ type: "sow", pit: 3, lap: 0 }], 0)).toEqual([]);
  });
});

/** A pool that answers every search with a chosen score (the draw rule is what is tested, not the search). */
function scoredPool(score: number, endgame?: ThinkResult["endgame"]): AiPool {
  return {
    queued: 0,
    queuedByLane: () => ({ people: 0, bot: 0 }),
    threads: 1,
    liveThreads: 1,
    async think(request): Promise<ThinkResult> {
      expect(request.moves).toEqual([]);
      const best = 1;
      // Given only when asked for, as the real search does.
      const verdict = request.verdict === true && endgame;
      return {
        best,
        score,
        depth: 1,
        nodes: 1,
        pv: [best],
        ms: 1,
        proven: false,
        ...(verdict && { endgame: verdict }),
      };
    },
    runTask: () => Promise.reject(new Error("no other tasks in this test")),
    async close() {},
  };
}

describe("hint in a decided endgame", () => {
  it("hint - the endgame and its score with best play instead of an evaluation - the table decides it", async () => {
    const v = setup(() => 0.1, undefined, {
      bots: new Set([NICKAR]),
      computer: { pool: scoredPool(9990, { winner: 0, stores: [26, 22] }), moveMs: 1, hintMs: 1 },
    });
    try {
      const res = await COMMANDS.play.handle(v.ctx(ALICE), options({ level: "medium", first: "me" }));
      const id = res.bind!.id;
      const hinted = await handleButton(v.ctx(ALICE), { type: "game", gameId: id, ply: 0, action: { kind: "hint" } });
      const answer = await hinted.deferred!();
      expect(answer.content).toMatch(
        /^Hint: play \*\*1\. A\*\*: .+ \(won endgame for South, 26–22 with best play\)\.$/,
      );
    } finally {
      v.close();
    }
  });
});

describe("Nickar's answer to a draw offer", () => {
  /** Alice (South) offers a draw on her move; Nickar answers with the given evaluation of her position. */
  async function offer(scoreForAlice: number) {
    const v = setup(() => 0.1, undefined, {
      bots: new Set([NICKAR]),
      computer: { pool: scoredPool(scoreForAlice), moveMs: 1 },
    });
    try {
      const res = await COMMANDS.play.handle(v.ctx(ALICE), options({ level: "medium", first: "me" }));
      const id = res.bind!.id;
      v.app.games.bindMessage(id, "200", "m1");
      v.app.games.draw(id, ALICE, 0);
      const [task] = v.app.computer.tasks();
      expect(task.kind).toBe("draw");
      const answer = await v.app.computer.answerDraw(task.game);
      return { answer: answer!, row: v.app.games.get(id)!.row };
    } finally {
      v.close();
    }
  }

  it("draw - accepted - Nickar's evaluation says it is lost", async () => {
    // Good for Alice, who is to move, is bad for Nickar.
    const { answer, row } = await offer(6);
    expect(answer.accepted).toBe(true);
    expect(answer.score).toBe(-6);
    expect(row).toMatchObject({ status: "finished", reason: "agreement", winner: null });
  });

  it("draw - accepted - dead equal", async () => {
    const { answer } = await offer(-DRAW_ACCEPT_AT_MOST);
    expect(answer.accepted).toBe(true);
  });

  it("draw - declined, the game goes on - Nickar is ahead", async () => {
    const { answer, row } = await offer(-3);
    expect(answer.accepted).toBe(false);
    expect(row).toMatchObject({ status: "active", drawOfferBy: null, ply: 0 });
  });
});
