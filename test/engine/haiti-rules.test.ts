/** docs/rules.md section 3.6 (haiti), one test per rule, on hand-worked positions. */
import { describe, expect, it } from "vitest";
import { eventsOf, expectError, move, start } from "./helpers.ts";

describe("haiti legal moves", () => {
  it("single seed - moves into the empty next pit - when the pit after it holds seeds", () => {
    const game = start("haiti", [1, 0, 3, 0, 0, 0, 4, 4, 4, 4, 4, 4], [12, 8]);
    expect(game.legalMoves).toEqual([1, 3]);
    const { state, events } = move(game, 1);
    expect(state.position.pits).toEqual([0, 1, 3, 0, 0, 0, 4, 4, 4, 4, 4, 4]);
    expect(events).toEqual([{ type: "single", from: 0, to: 1 }]);
  });

  it("single seed - refused - when the next pit holds seeds or the one after it is empty", () => {
    const game = start("haiti", [1, 2, 0, 1, 0, 0, 5, 5, 5, 5, 5, 5], [7, 7]);
    expect(game.legalMoves).toEqual([2]);
    expectError(game, 1, "move/single-seed");
    expectError(game, 4, "move/single-seed");
    expectError(game, 3, "move/empty-house");
  });

  it("single seed - counts next pits around the whole board - North's f into South's A", () => {
    const game = start("haiti", [0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], [20, 24], 1);
    expect(game.legalMoves).toEqual([6]);
    expect(move(game, 6).state.position.pits).toEqual([1, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
});

describe("haiti sowing", () => {
  it("kay - captures the last pit and the run of fours before it in the opponent's row", () => {
    // E (3) sows F, a, b: a=4 and b=4 are a Kay of two pits; F=3 is South's own and not taken.
    const game = start("haiti", [0, 0, 0, 0, 3, 2, 3, 3, 5, 0, 0, 0], [16, 16]);
    const { state, events } = move(game, 5);
    expect(state.position.pits).toEqual([0, 0, 0, 0, 0, 3, 0, 0, 5, 0, 0, 0]);
    expect(state.position.stores).toEqual([24, 16]);
    expect(eventsOf(events, "capture")).toEqual([
      { type: "capture", player: 0, pits: [7, 6], seeds: [4, 4], total: 8, kay: true },
    ]);
  });

  it("relay - picks up the last pit and sows on; empty landing transfers to the next pit with seeds", () => {
    const game = start("haiti", [2, 0, 2, 1, 0, 0, 5, 5, 5, 5, 5, 5], [8, 5]);
    const { state, events } = move(game, 1);
    expect(state.position.pits).toEqual([0, 1, 0, 2, 1, 0, 6, 5, 5, 5, 5, 5]);
    expect(events.map((e) => e.type)).toEqual(["pickup", "sow", "sow", "pickup", "sow", "sow", "sow", "transfer"]);
    expect(eventsOf(events, "pickup").map((e) => [e.pit, e.seeds, e.relay])).toEqual([
      [0, 2, false],
      [2, 3, true],
    ]);
    expect(eventsOf(events, "transfer")).toEqual([{ type: "transfer", from: 5, to: 6 }]);
    expect(state.position.stores).toEqual([8, 5]);
  });

  it("relay - skips every pit emptied during the move and stops at a couvert before an emptied pit", () => {
    const game = start("haiti", [2, 0, 11, 1, 1, 1, 1, 1, 1, 1, 1, 1], [14, 12]);
    const { state, events } = move(game, 1);
    expect(state.position.pits).toEqual([0, 3, 0, 4, 0, 3, 3, 0, 3, 3, 0, 3]);
    expect(eventsOf(events, "pickup").map((e) => e.pit)).toEqual([0, 2, 4, 7, 10]);
    // The origin (0) and the relay pits are never sown into again during the move.
    const sownAfterEmptied = eventsOf(events, "sow").filter((e) => e.pit === 0 || e.pit === 2);
    expect(sownAfterEmptied.length).toBe(1); // pit 2 received a seed before it was emptied
    expect(state.position.stores).toEqual([14, 12]);
  });

  it("couvert - the move ends when the pit after the last one is empty", () => {
    // B (2) sows C, D: D=3 and E is empty, so the move stops there.
    const game = start("haiti", [0, 2, 0, 2, 0, 0, 5, 5, 5, 5, 5, 5], [7, 7]);
    const { state, events } = move(game, 2);
    expect(state.position.pits).toEqual([0, 0, 1, 3, 0, 0, 5, 5, 5, 5, 5, 5]);
    expect(eventsOf(events, "pickup").length).toBe(1);
  });

  it("kay - checked before the empty landing and the couvert - four in the opponent's row", () => {
    // F (1)? not legal (a holds seeds). E (2) sows F, a: a=4 with b empty: Kay first, not couvert.
    const game = start("haiti", [0, 0, 0, 0, 2, 0, 3, 0, 5, 5, 5, 5], [10, 13]);
    const { state } = move(game, 5);
    expect(state.position.stores).toEqual([14, 13]);
    expect(state.position.pits).toEqual([0, 0, 0, 0, 0, 1, 0, 0, 5, 5, 5, 5]);
  });
});

describe("haiti end", () => {
  it("stuck - no legal move ends the game and the board is captured by nobody", () => {
    const game = start("haiti", [1, 1, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0], [20, 22]);
    expect(game.outcome).toEqual({ over: true, winner: 1, reason: "stuck" });
    expect(game.position.stores).toEqual([20, 22]);
  });

  it("stuck - more kay wins after the last move", () => {
    // E (2) sows F, a: a=4 is a Kay; North is left with lone seeds that cannot move.
    const game = start("haiti", [0, 0, 0, 0, 2, 0, 3, 1, 0, 0, 1, 0], [20, 21]);
    const { state } = move(game, 5);
    expect(state.position.stores).toEqual([24, 21]);
    expect(state.outcome).toMatchObject({ over: true, winner: 0, reason: "stuck" });
  });
});
