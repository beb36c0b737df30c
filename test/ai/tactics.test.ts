/** The search finds forced wins in hand-made positions, scored by the engine's own game end. */
import { describe, expect, it } from "vitest";
import { think } from "../../src/ai/think.ts";
import { isDecisive, WIN_SCORE } from "../../src/ai/types.ts";
import { CoreGame } from "../../src/engine/core.ts";
import { fromPosition, type GameState, type MoveOutcome, play } from "../../src/engine/index.ts";
import type { EngineReason, MoveEvent, Position, RulesetId } from "../../src/engine/types.ts";

interface Case {
  readonly name: string;
  readonly ruleset: RulesetId;
  readonly start: Position;
  readonly best: number;
  readonly reason: EngineReason;
}

const CASES: readonly Case[] = [
  {
    name: "a capture that reaches 25 (abapa, 23 in store)",
    ruleset: "abapa",
    start: { pits: [2, 0, 0, 1, 0, 1, 1, 3, 0, 2, 0, 2], stores: [23, 13], toMove: 0 },
    best: 6,
    reason: "twenty-five",
  },
  {
    name: "a Barbados starvation win (speightstown: the last seed leaves, North cannot feed, South claims 11)",
    ruleset: "speightstown",
    start: { pits: [0, 0, 0, 0, 0, 1, 0, 4, 3, 2, 1, 0], stores: [19, 18], toMove: 0 },
    best: 6,
    reason: "starvation",
  },
  {
    name: "a forced Wari grand slam (every move takes the row: it ends the game, 28-20)",
    ruleset: "wari",
    start: { pits: [0, 0, 0, 0, 3, 2, 1, 2, 0, 0, 0, 0], stores: [20, 20], toMove: 0 },
    best: 5,
    reason: "grand-slam",
  },
  {
    name: "a Kay chain (haiti: two pits of three become fours, 8 seeds, North is stuck)",
    ruleset: "haiti",
    start: { pits: [0, 0, 0, 0, 0, 2, 3, 3, 0, 0, 0, 0], stores: [20, 20], toMove: 0 },
    best: 6,
    reason: "stuck",
  },
];

describe("ai tactics", () => {
  for (const c of CASES) {
    for (const level of ["hard", "expert"] as const) {
      it(`ai tactics - ${level} plays the win and proves it - ${c.name}`, () => {
        const result = think({ ruleset: c.ruleset, start: c.start, moves: [], level, ms: 200, seed: 1 });
        expect(result.best).toBe(c.best);
        expect(isDecisive(result.score) && result.score > 0).toBe(true);
        const game = CoreGame.fromPosition(c.ruleset, c.start);
        game.play(result.best);
        expect([game.over, game.winner, game.reason]).toEqual([true, 0, c.reason]);
      });
    }
  }
});

/**
 * Wins two moves ahead (move, any reply, the winning move), in positions found by a search over random
 * positions and checked here move by move on the engine's public API: no move wins at once, and after
 * the expected first move every reply of the opponent leaves the named win (or, in haiti, a Kay chain).
 */
interface DeepCase {
  readonly name: string;
  readonly ruleset: RulesetId;
  readonly start: Position;
  readonly first: number;
  /** The end every line must reach; null for the haiti chain, which wins seeds, not the game. */
  readonly reason: EngineReason | null;
}

const DEEP_CASES: readonly DeepCase[] = [
  {
    name: "25 seeds two moves ahead (abapa, 23 in store: E sets up a capture that every reply leaves)",
    ruleset: "abapa",
    start: { pits: [1, 2, 0, 3, 2, 1, 0, 1, 0, 2, 0, 0], stores: [23, 13], toMove: 0 },
    first: 5,
    reason: "twenty-five",
  },
  {
    name: "a Barbados starvation two moves ahead (speightstown: E captures 2, the one reply, then F starves North)",
    ruleset: "speightstown",
    start: { pits: [1, 1, 0, 0, 2, 1, 1, 0, 0, 0, 0, 2], stores: [22, 18], toMove: 0 },
    first: 5,
    reason: "starvation",
  },
  {
    name: "a Kay chain two moves ahead (haiti: B, quiet, declines a Kay of 4; every reply leaves a chain of 8)",
    ruleset: "haiti",
    start: { pits: [0, 3, 0, 3, 0, 3, 3, 3, 2, 2, 0, 1], stores: [15, 13], toMove: 0 },
    first: 2,
    reason: null,
  },
];

function stateOf(ruleset: RulesetId, start: Position): GameState {
  const state = fromPosition(ruleset, start);
  if (!state.ok) throw new Error(state.error.message);
  return state.value;
}

function played(state: GameState, house: number): MoveOutcome {
  const next = play(state, house);
  if (!next.ok) throw new Error(next.error.message);
  return next.value;
}

/** Seeds South took in one move by a chain of at least two Kay captures. */
function kayChain(events: readonly MoveEvent[]): number {
  let seeds = 0;
  for (const e of events) if (e.type === "capture" && e.kay && e.pits.length >= 2) seeds += e.total;
  return seeds;
}

describe("ai tactics two moves ahead", () => {
  for (const c of DEEP_CASES) {
    it(`ai tactics - expert finds the win two moves ahead - ${c.name}`, () => {
      const start = stateOf(c.ruleset, c.start);
      // Not a win in one: no move ends the game won (nor, in haiti, takes a chain).
      for (const house of start.legalMoves) {
        const next = played(start, house);
        expect(next.state.outcome.over && next.state.outcome.winner === 0).toBe(false);
        expect(kayChain(next.events)).toBe(0);
      }
      const first = think({ ruleset: c.ruleset, start: c.start, moves: [], level: "expert", ms: 300, seed: 1 });
      expect(first.best).toBe(c.first);
      if (c.reason) expect(first.score).toBe(WIN_SCORE - 3);
      const afterFirst = played(start, first.best).state;
      for (const reply of afterFirst.legalMoves) {
        const moves = [first.best, reply];
        const second = think({ ruleset: c.ruleset, start: c.start, moves, level: "expert", ms: 300, seed: 1 });
        const end = played(played(afterFirst, reply).state, second.best);
        if (c.reason) {
          expect(end.state.outcome).toEqual({ over: true, winner: 0, reason: c.reason });
        } else {
          expect(kayChain(end.events)).toBeGreaterThanOrEqual(8);
        }
      }
    });
  }
});
