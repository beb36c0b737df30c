/** The games table's shared writes and the back-off of failing sweep items, tested directly. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { updateIfCurrent } from "../../src/games/game-store.ts";
import { RetryLater } from "../../src/games/retry.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import { ALICE, BOB, GUILD, setup, type World } from "../support/helpers.ts";
import { startGame } from "../support/play.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

describe("game write", () => {
  it("updateIfCurrent - writes nothing and returns null - a row read before the last move (stale ply)", async () => {
    const id = await startGame(w, ALICE, BOB);
    const before = w.app.games.get(id)!.row;
    w.app.games.play(id, ALICE, 3, 0);
    const stale = w.db().transaction((tx) => updateIfCurrent(tx, before, { drawOfferBy: 0, note: "stale" }));
    expect(stale).toBeNull();
    const now = w.app.games.get(id)!.row;
    expect([now.ply, now.drawOfferBy, now.note]).toEqual([1, null, null]);
  });

  it("updateIfCurrent - writes and returns the new row - the row as it is now", async () => {
    const id = await startGame(w, ALICE, BOB);
    const current = w.app.games.get(id)!.row;
    const written = w.db().transaction((tx) => updateIfCurrent(tx, current, { note: "current" }));
    expect(written?.note).toBe("current");
  });

  it("updateIfCurrent - each field written in its column's form, the same fields again reusing one built update - booleans and null", async () => {
    const id = await startGame(w, ALICE, BOB);
    const current = w.app.games.get(id)!.row;
    const first = w
      .db()
      .transaction((tx) => updateIfCurrent(tx, current, { rated: false, note: null, drawOfferBy: 1 }));
    expect([first?.rated, first?.note, first?.drawOfferBy]).toEqual([false, null, 1]);
    const second = w
      .db()
      .transaction((tx) => updateIfCurrent(tx, first!, { rated: true, note: "again", drawOfferBy: undefined }));
    expect([second?.rated, second?.note, second?.drawOfferBy]).toEqual([true, "again", 1]);
    expect(w.app.games.get(id)!.row.rated).toBe(true);
  });

  it("updateIfCurrent - writes nothing - a game that is no longer active", async () => {
    const id = await startGame(w, ALICE, BOB);
    const active = w.app.games.get(id)!.row;
    w.app.games.resign(id, BOB, null);
    expect(w.db().transaction((tx) => updateIfCurrent(tx, active, { note: "late" }))).toBeNull();
  });
});

describe("game lookup", () => {
  it("find - the same refusal for an unknown id, another server's game and a DM - viewer button too", async () => {
    const id = await startGame(w, ALICE, BOB);
    expect(w.app.games.find(id, { guildId: GUILD }).row.id).toBe(id);
    for (const [gameId, guildId] of [
      ["nope", GUILD],
      [id, "999"],
      [id, null],
    ] as const) {
      expect(() => w.app.games.find(gameId, { guildId })).toThrow(
        expect.objectContaining({
          code: "game/not-found",
          message: `There is no game "${gameId}" here: /nickar history lists games with their ids.`,
        }),
      );
    }
    const view = { type: "view" as const, gameId: id, ply: 0, nav: "first" as const };
    await expect(handleButton(w.ctx(ALICE, { guildId: null }), view)).rejects.toMatchObject({ code: "game/not-found" });
  });
});

describe("retry back-off", () => {
  it("RetryLater - doubles the wait after each failure up to the cap - five failures in a row", () => {
    const retry = new RetryLater(1_000, 10_000);
    const waits: number[] = [];
    let now = 0;
    for (let i = 0; i < 5; i++) {
      const failure = retry.failed("g1", new Error("boom"), now);
      expect(failure.attempts).toBe(i + 1);
      waits.push(failure.retryAt - now);
      now = failure.retryAt;
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 10_000]);
  });

  it("RetryLater - skips an item until its retry time, then starts again from the first wait - after a success", () => {
    const retry = new RetryLater(1_000, 10_000);
    retry.failed("g1", new Error("boom"), 0);
    retry.failed("g1", new Error("boom"), 1_000);
    expect(retry.waiting("g1", 2_999)).toBe(true);
    expect(retry.waiting("g1", 3_000)).toBe(false);
    expect(retry.notBefore("g1", 500)).toBe(3_000);
    retry.succeeded("g1");
    expect(retry.failed("g1", new Error("again"), 5_000).retryAt).toBe(6_000);
  });

  it("RetryLater.sweep - handles the others when one throws, and skips the failed one next time - two items", () => {
    const retry = new RetryLater(1_000, 10_000);
    const seen: string[] = [];
    const first = retry.sweep(["bad", "good"], 0, (id) => {
      seen.push(id);
      if (id === "bad") throw new Error("corrupt");
      return id;
    });
    expect(first.done).toEqual(["good"]);
    expect(first.failed.map((f) => [f.id, f.retryAt])).toEqual([["bad", 1_000]]);
    retry.sweep(["bad", "good"], 500, (id) => {
      seen.push(id);
      return id;
    });
    expect(seen).toEqual(["bad", "good", "good"]);
  });
});
