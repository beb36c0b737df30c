/** One test per rule of docs/rules.md sections 2 and 3.1-3.5, on hand-worked positions. */
import { describe, expect, it } from "vitest";
import { eventsOf, expectError, move, start } from "./helpers.ts";

describe("sowing", () => {
  it("sowing - drops one seed per following pit - from the start", () => {
    const { state, events } = move(start("abapa"), 3);
    expect(state.position.pits).toEqual([4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4]);
    expect(eventsOf(events, "sow").map((e) => e.pit)).toEqual([3, 4, 5, 6]);
    expect(state.position.toMove).toBe(1);
  });

  it("sowing - skips the origin pit - with 12 seeds", () => {
    const game = start("abapa", [12, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1], [15, 15]);
    const { state, events } = move(game, 1);
    expect(state.position.pits).toEqual([0, 2, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2]);
    expect(eventsOf(events, "sow").some((e) => e.pit === 0)).toBe(false);
    expect(state.position.stores).toEqual([15, 15]);
  });
});

describe("capture set", () => {
  it("capture - takes the 2s and 3s backwards and stops at the row boundary - last pit b", () => {
    // E (3 seeds) sows F, a, b: F becomes 2 but is South's own, a=2 and b=3 are taken.
    const game = start("abapa", [0, 0, 0, 0, 3, 1, 1, 2, 4, 0, 0, 0], [18, 19]);
    const { state, events } = move(game, 5);
    expect(state.position.pits).toEqual([0, 0, 0, 0, 0, 2, 0, 0, 4, 0, 0, 0]);
    expect(state.position.stores).toEqual([23, 19]);
    expect(eventsOf(events, "capture")).toEqual([
      { type: "capture", player: 0, pits: [7, 6], seeds: [3, 2], total: 5, kay: false },
    ]);
  });

  it("capture - stops at the first pit that is not 2 or 3 - chain broken by a 5", () => {
    // F (3 seeds) sows a, b, c: c=2 taken, b=5 breaks the chain, a=3 stays.
    const game = start("abapa", [1, 0, 0, 0, 0, 3, 2, 4, 1, 0, 0, 0], [18, 19]);
    const { state } = move(game, 6);
    expect(state.position.pits).toEqual([1, 0, 0, 0, 0, 0, 3, 5, 0, 0, 0, 0]);
    expect(state.position.stores).toEqual([20, 19]);
  });

  it("capture - none - when the last pit is in the mover's own row", () => {
    const { state } = move(start("abapa"), 1);
    expect(state.position.stores).toEqual([0, 0]);
  });
});

describe("feeding", () => {
  it("feeding - a move that leaves the opponent empty is refused - must-feed", () => {
    const game = start("abapa", [1, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0], [21, 21]);
    expect(game.legalMoves).toEqual([6]);
    expectError(game, 1, "move/must-feed");
    expect(move(game, 6).state.position.pits.slice(6)).toEqual([1, 1, 1, 1, 1, 0]);
  });
});

describe("move errors", () => {
  it("move - refused - empty house, not a house, after the end", () => {
    const game = move(start("abapa"), 1).state;
    expectError(move(game, 1).state, 1, "move/empty-house");
    expectError(game, 7, "move/not-a-house");
    expectError(game, 0, "move/not-a-house");
    const over = start("abapa", [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [23, 24]);
    expectError(over, 1, "move/game-over");
  });
});

// South's F (2 seeds) makes a=2 and b=3: every seed of North's row, a grand slam.
const SLAM_PITS = [3, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 0];

describe("grand slam", () => {
  it("grand slam abapa - legal but captures nothing - seeds stay sown", () => {
    const { state, events } = move(start("abapa", SLAM_PITS, [20, 20]), 6);
    expect(state.position.pits).toEqual([3, 0, 0, 0, 0, 0, 2, 3, 0, 0, 0, 0]);
    expect(state.position.stores).toEqual([20, 20]);
    expect(eventsOf(events, "grand-slam")[0]).toMatchObject({ treatment: "no-capture", pits: [7, 6], seeds: 5 });
    expect(eventsOf(events, "capture")).toEqual([]);
    expect(state.position.toMove).toBe(1);
  });

  it("grand slam wari - illegal while another move exists - grand-slam error", () => {
    const game = start("wari", SLAM_PITS, [20, 20]);
    expect(game.legalMoves).toEqual([1]);
    expectError(game, 6, "move/grand-slam");
  });

  it("grand slam wari - forced slam captures, mover takes own side, reason grand-slam even at 25", () => {
    const game = start("wari", [0, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 0], [20, 23]);
    expect(game.legalMoves).toEqual([6]);
    const { state, events } = move(game, 6);
    expect(state.position.stores).toEqual([25, 23]);
    expect(state.outcome).toEqual({ over: true, winner: 0, reason: "grand-slam" });
    expect(eventsOf(events, "grand-slam")[0].treatment).toBe("forced");
  });

  it("grand slam wari - forced slam awards the mover's remaining seeds - 24-24 draw", () => {
    // E=2 (sows F, a) and F=1 (sows a) both make a=2, North's only seeds: every legal move is a slam.
    const game = start("wari", [0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0, 0], [20, 24]);
    expect(game.legalMoves).toEqual([5, 6]);
    const { state, events } = move(game, 6);
    expect(state.position.stores).toEqual([24, 24]);
    expect(state.outcome).toEqual({ over: true, winner: null, reason: "grand-slam" });
    expect(eventsOf(events, "award")).toEqual([{ type: "award", player: 0, kind: "own-side", pits: [4], seeds: 2 }]);
  });

  it("grand slam caribbean - captures the row and the capturer moves again - extra move", () => {
    const game = start("caribbean", [0, 0, 0, 3, 0, 2, 1, 2, 0, 0, 0, 0], [18, 22]);
    const { state, events } = move(game, 6);
    expect(state.position.stores).toEqual([23, 22]);
    expect(state.position.toMove).toBe(0);
    expect(state.outcome.over).toBe(false);
    expect(state.legalMoves).toEqual([4]);
    expect(eventsOf(events, "extra-move")).toEqual([{ type: "extra-move", player: 0 }]);
    expect(state.movers).toEqual([0]);
    const again = move(state, 4).state;
    expect(again.movers).toEqual([0, 0]);
    expect(again.position.toMove).toBe(1);
  });

  it("grand slam caribbean - no feeding move after the slam - capturer takes own side, no-moves", () => {
    const { state, events } = move(start("caribbean", SLAM_PITS, [18, 22]), 6);
    expect(state.position.stores).toEqual([26, 22]);
    expect(state.outcome).toEqual({ over: true, winner: 0, reason: "no-moves" });
    expect(eventsOf(events, "award")).toEqual([{ type: "award", player: 0, kind: "own-side", pits: [0], seeds: 3 }]);
  });

  it("grand slam caribbean - slam reaching 25 - ends the game without an extra move", () => {
    const { state, events } = move(start("caribbean", SLAM_PITS, [20, 20]), 6);
    expect(state.outcome).toEqual({ over: true, winner: 0, reason: "twenty-five" });
    expect(eventsOf(events, "extra-move")).toEqual([]);
    expect(state.position.pits[0]).toBe(3);
  });

  it("grand slam speightstown - captures and the victim, starved, claims the board - starvation", () => {
    const { state } = move(start("speightstown", SLAM_PITS, [18, 22]), 6);
    expect(state.position.stores).toEqual([23, 25]);
    expect(state.position.pits).toEqual(Array(12).fill(0));
    expect(state.outcome).toEqual({ over: true, winner: 1, reason: "starvation" });
  });

  it("grand slam bridgetown - starvation still gives the whole board to the starved player", () => {
    const { state } = move(start("bridgetown", SLAM_PITS, [18, 22]), 6);
    expect(state.position.stores).toEqual([23, 25]);
    expect(state.outcome).toEqual({ over: true, winner: 1, reason: "starvation" });
  });
});

describe("25 seeds", () => {
  // E (3) sows F, a, b: takes a=2, b=3 (5 seeds); North keeps d.
  const pits = (d: number) => [0, 0, 0, 0, 3, 0, 1, 2, 0, d, 0, 0];

  it("25 seeds abapa - ends at once, seeds stay on the board - twenty-five", () => {
    const { state } = move(start("abapa", pits(3), [20, 19]), 5);
    expect(state.outcome).toEqual({ over: true, winner: 0, reason: "twenty-five" });
    expect(state.position.stores).toEqual([25, 19]);
    expect(state.position.pits).toEqual([0, 0, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0]);
  });

  it("25 seeds speightstown - the rest is not awarded", () => {
    const { state } = move(start("speightstown", pits(3), [20, 19]), 5);
    expect(state.position.stores).toEqual([25, 19]);
    expect(state.outcome).toEqual({ over: true, winner: 0, reason: "twenty-five" });
  });

  it("25 seeds bridgetown - even rest divided equally", () => {
    const { state, events } = move(start("bridgetown", pits(3), [20, 19]), 5);
    expect(state.position.stores).toEqual([27, 21]);
    expect(state.position.pits).toEqual(Array(12).fill(0));
    expect(eventsOf(events, "award").map((e) => [e.player, e.kind, e.seeds])).toEqual([
      [0, "division", 2],
      [1, "division", 2],
    ]);
  });

  it("25 seeds bridgetown - odd seed to the side holding more", () => {
    const { state } = move(start("bridgetown", pits(4), [20, 18]), 5);
    // 5 left: South's side holds 1, North's 4, so North gets 3.
    expect(state.position.stores).toEqual([27, 21]);
    expect(state.outcome).toEqual({ over: true, winner: 0, reason: "twenty-five" });
  });
});

describe("no legal move", () => {
  const stuck = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

  it("no-moves abapa - each player takes their own side - given position ends before any move", () => {
    const game = start("abapa", stuck, [23, 24]);
    expect(game.outcome).toEqual({ over: true, winner: null, reason: "no-moves" });
    expect(game.position.stores).toEqual([24, 24]);
    expect(game.legalMoves).toEqual([]);
    expect(game.startEvents.map((e) => e.type)).toEqual(["award", "game-over"]);
  });

  it("starvation speightstown - the starved opponent claims the board when no move feeds", () => {
    const game = start("speightstown", stuck, [23, 24]);
    expect(game.outcome).toEqual({ over: true, winner: 1, reason: "starvation" });
    expect(game.position.stores).toEqual([23, 25]);
  });

  it("starvation speightstown - the player to move with an empty row claims the board", () => {
    const game = start("speightstown", [0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0], [22, 24]);
    expect(game.outcome).toEqual({ over: true, winner: null, reason: "starvation" });
    expect(game.position.stores).toEqual([24, 24]);
  });
});

describe("cycle", () => {
  // Two lone seeds chase each other round the board; the third occurrence of a position ends the game.
  const chase = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1];

  function playLowestUntilOver(ruleset: "abapa" | "speightstown" | "bridgetown") {
    let state = start(ruleset, chase, [24, 22]);
    while (!state.outcome.over) state = move(state, state.legalMoves[0]).state;
    return state;
  }

  it("cycle speightstown - a draw whatever the score - 24-22 with two seeds cycling", () => {
    const state = playLowestUntilOver("speightstown");
    expect(state.outcome).toEqual({ over: true, winner: null, reason: "cycle" });
    expect(state.position.stores).toEqual([24, 22]);
    expect(state.position.pits.reduce((a, b) => a + b)).toBe(2);
  });

  it("cycle abapa - each player takes their own side - higher store wins", () => {
    const state = playLowestUntilOver("abapa");
    expect(state.outcome).toMatchObject({ over: true, reason: "cycle" });
    expect(state.position.pits.every((n) => n === 0)).toBe(true);
    expect(state.position.stores[0]).toBeGreaterThanOrEqual(24);
  });

  it("cycle bridgetown - the cycling seeds are divided - decided by the stores", () => {
    const state = playLowestUntilOver("bridgetown");
    expect(state.outcome).toEqual({ over: true, winner: 0, reason: "cycle" });
    expect(state.position.stores).toEqual([25, 23]);
  });
});
