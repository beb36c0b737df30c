/** The public API as a library user meets it: immutable values, results that say why, replay's partial state. */
import { describe, expect, it } from "vitest";
import {
  formatPosition,
  fromPosition,
  newGame,
  opponent,
  play,
  RULESET_IDS,
  RULESETS,
  replay,
  START_POSITION,
} from "../../src/engine/index.ts";
import { coreOf } from "../../src/engine/internal.ts";
import { move, moves } from "./helpers.ts";

/** Runs `write` (an attempt to change a frozen value) and says whether it threw. */
function attempt(write: () => void): boolean {
  try {
    write();
    return false;
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return true;
  }
}

describe("engine API - immutability", () => {
  it("game state - a write into its pits throws and play still sees the real position - pit 0 emptied", () => {
    const state = newGame("abapa");
    expect(attempt(() => ((state.position.pits as number[])[0] = 0))).toBe(true);
    expect(attempt(() => ((state.position.stores as unknown as number[])[0] = 9))).toBe(true);
    expect(attempt(() => ((state as { ply: number }).ply = 5))).toBe(true);
    expect(attempt(() => (state.legalMoves as number[]).push(7))).toBe(true);
    expect(attempt(() => ((state.outcome as { over: boolean }).over = true))).toBe(true);
    expect(state.position.pits[0]).toBe(4);
    const played = play(state, 1);
    expect(played.ok).toBe(true);
  });

  it("game state - the history lists are copies or frozen - a push changes nothing", () => {
    const state = moves(newGame("abapa"), [3, 5]);
    expect(attempt(() => (state.history as number[]).push(1))).toBe(true);
    expect(attempt(() => (state.movers as number[]).push(0))).toBe(true);
    expect(state.history).toEqual([3, 5]);
    expect(state.movers).toEqual([0, 1]);
  });

  it("move events - are frozen - a write into the pickup's pit", () => {
    const played = move(newGame("abapa"), 3);
    expect(Object.isFrozen(played.events)).toBe(true);
    expect(attempt(() => ((played.events[0] as { pit: number }).pit = 11))).toBe(true);
    expect(attempt(() => ((played as { state: unknown }).state = null))).toBe(true);
  });

  it("START_POSITION - a write into it throws and every new game still starts with 48 seeds", () => {
    expect(attempt(() => ((START_POSITION.pits as number[])[0] = 5))).toBe(true);
    expect(attempt(() => ((START_POSITION as { toMove: number }).toMove = 1))).toBe(true);
    expect(formatPosition(START_POSITION)).toBe("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S");
    for (const ruleset of RULESET_IDS) expect(newGame(ruleset).legalMoves).toEqual([1, 2, 3, 4, 5, 6]);
    expect(fromPosition("abapa", START_POSITION).ok).toBe(true);
  });

  it("RULESETS - names, rule texts and mechanics cannot be changed - abapa and the id list", () => {
    const abapa = RULESETS.abapa as unknown as { name: string; rules: string[]; mechanics: { slam: string } };
    expect(attempt(() => (abapa.name = "Chess"))).toBe(true);
    expect(attempt(() => abapa.rules.push("anything goes"))).toBe(true);
    expect(attempt(() => (abapa.mechanics.slam = "capture"))).toBe(true);
    expect(attempt(() => ((RULESETS as Record<string, unknown>).chess = abapa))).toBe(true);
    expect(attempt(() => (RULESET_IDS as unknown as string[]).push("chess"))).toBe(true);
    expect(RULESETS.abapa.name).toBe("Oware Abapa");
    expect(RULESETS.abapa.mechanics).toMatchObject({ slam: "no-capture" });
  });

  it("fromPosition - copies the position it is given - a later write into the caller's array", () => {
    const pits = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4];
    const created = fromPosition("abapa", { pits, stores: [0, 0], toMove: 0 });
    if (!created.ok) throw new Error(created.error.message);
    pits[0] = 0;
    expect(created.value.position.pits[0]).toBe(4);
    expect(created.value.start.pits[0]).toBe(4);
  });
});

describe("engine API - creating and replaying games", () => {
  it("newGame - returns a state at ply 0 with South to move - every ruleset", () => {
    for (const ruleset of RULESET_IDS) {
      const state = newGame(ruleset);
      expect(state.ruleset).toBe(ruleset);
      expect(state.ply).toBe(0);
      expect(state.position.toMove).toBe(0);
      expect(state.history).toEqual([]);
    }
  });

  it("newGame - throws a RangeError - an id that is not a ruleset", () => {
    expect(() => newGame("chess" as never)).toThrow(RangeError);
  });

  it("fromPosition - says why - unknown ruleset, 49 seeds, 11 pits", () => {
    const bad = fromPosition("chess", START_POSITION);
    expect(!bad.ok && bad.error.code).toBe("ruleset/unknown");
    const seeds = fromPosition("abapa", { pits: Array(12).fill(4), stores: [1, 0], toMove: 0 });
    expect(!seeds.ok && seeds.error).toEqual({
      code: "position/invalid",
      message: "a position holds 48 seeds, this one 49",
    });
    const pits = fromPosition("abapa", { pits: Array(11).fill(4), stores: [0, 0], toMove: 0 });
    expect(!pits.ok && pits.error.code).toBe("position/invalid");
  });

  it("replay - returns the final state - a legal move list", () => {
    const replayed = replay(newGame("abapa"), [3, 5, 1]);
    expect(replayed.ok && formatPosition(replayed.value.position)).toBe("0-6-2-6-6-6-5-4-4-4-0-5-0-0-N");
  });

  it("replay - returns the state before the refused move, its index and the reason - an empty house at ply 2", () => {
    // After C (South's third house) and a (North's first, which sows only North's row), C is empty.
    const replayed = replay(newGame("abapa"), [3, 1, 3, 1]);
    expect(replayed.ok).toBe(false);
    if (replayed.ok) return;
    expect(replayed.ply).toBe(2);
    expect(replayed.error.code).toBe("move/empty-house");
    expect(replayed.state.history).toEqual([3, 1]);
    expect(replayed.state.position.pits[2]).toBe(0);
  });

  it("replay - continues from the state it is given - a game already under way", () => {
    const replayed = replay(moves(newGame("abapa"), [3]), [5, 1]);
    expect(replayed.ok && replayed.value.history).toEqual([3, 5, 1]);
  });

  it("opponent - the other player - South and North", () => {
    expect(opponent(0)).toBe(1);
    expect(opponent(1)).toBe(0);
  });
});

describe("engine internals - the core bridge", () => {
  it("coreOf - a search core playing on does not disturb the state's line - moves on both", () => {
    const state = moves(newGame("abapa"), [3, 5]);
    const core = coreOf(state);
    expect(core.legalHouses()).toEqual([...state.legalMoves]);
    for (let i = 0; i < 30 && !core.over; i++) core.play(core.legalHouses()[0]);
    // The public line goes on from the same state and agrees with a fresh replay.
    const onward = moves(state, [1, 2, 6]);
    const fresh = replay(newGame("abapa"), [3, 5, 1, 2, 6]);
    expect(fresh.ok && formatPosition(fresh.value.position)).toBe(formatPosition(onward.position));
    expect(coreOf(state).legalHouses()).toEqual([...state.legalMoves]);
  });
});
