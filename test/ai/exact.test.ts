/**
 * In positions with few seeds the expert's move keeps the game-theoretic result, as found by an
 * independent exhaustive search: a plain minimax over the engine's public, immutable API (its own
 * states carry the repetition history, so cycles end games there exactly as in play), written here
 * and sharing no code with src/ai.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ExpertParts, expertSearch, think } from "../../src/ai/think.ts";
import { isDecisive } from "../../src/ai/types.ts";
import {
  fromPosition,
  type GameState,
  type Player,
  type Position,
  play,
  type RulesetId,
} from "../../src/engine/index.ts";

/** An exhaustive search that needs more positions than this is given up (the position is skipped). */
const NODE_CAP = 3_000;

class TooBig extends Error {}

/** Win (1), draw (0) or loss (-1) for `me` with best play by both sides, to the end of the game. */
function minimax(state: GameState, me: Player, budget: { nodes: number }): number {
  if (state.outcome.over) return state.outcome.winner === null ? 0 : state.outcome.winner === me ? 1 : -1;
  if (--budget.nodes < 0) throw new TooBig();
  const maximising = state.position.toMove === me;
  let best = maximising ? -2 : 2;
  for (const house of state.legalMoves) {
    const next = play(state, house);
    if (!next.ok) throw new Error(`the engine refused its own legal move ${house}`);
    const value = minimax(next.value.state, me, budget);
    best = maximising ? Math.max(best, value) : Math.min(best, value);
    if (best === (maximising ? 1 : -1)) break; // nothing beats a win
  }
  return best;
}

/** The game-theoretic value of the position for the player to move and of each move, or null if too big. */
function solve(state: GameState): { value: number; byMove: Map<number, number> } | null {
  const me = state.position.toMove;
  const budget = { nodes: NODE_CAP };
  const byMove = new Map<number, number>();
  try {
    for (const house of state.legalMoves) {
      const next = play(state, house);
      if (!next.ok) throw new Error(`the engine refused its own legal move ${house}`);
      byMove.set(house, minimax(next.value.state, me, budget));
    }
  } catch (error) {
    if (error instanceof TooBig) return null;
    throw error;
  }
  return { value: Math.max(...byMove.values()), byMove };
}

/**
 * A few seeds on the board: 2 to 5 dealt at random in the Oware rulesets; in haiti, where only a Kay
 * (a pit made four) changes the result, up to 3 per pit and 5 to 11 in all. The rest goes to the stores,
 * within 3 seeds of each other (else the result is mostly settled whatever is played); Oware
 * stores below 25.
 */
function fewSeeds(ruleset: RulesetId) {
  const board =
    ruleset === "haiti"
      ? fc
          .array(fc.integer({ min: 0, max: 3 }), { minLength: 12, maxLength: 12 })
          .filter((pits) => pits.reduce((a, b) => a + b, 0) >= 5 && pits.reduce((a, b) => a + b, 0) <= 11)
      : fc.array(fc.integer({ min: 0, max: 11 }), { minLength: 2, maxLength: 5 }).map((places) => {
          const pits = Array<number>(12).fill(0);
          for (const pit of places) pits[pit]++;
          return pits;
        });
  return fc
    .tuple(board, fc.integer({ min: 0, max: 48 }), fc.integer({ min: 0, max: 1 }))
    .map(([pits, split, toMove]): Position => {
      const onBoard = pits.reduce((a, b) => a + b, 0);
      const rest = 48 - onBoard;
      const low = Math.max(rest - 24, Math.ceil((rest - 3) / 2));
      const high = Math.min(24, Math.floor((rest + 3) / 2));
      const south = low + (split % (high - low + 1));
      return { pits, stores: [south, rest - south], toMove: toMove as Player };
    });
}

const RULESETS: readonly RulesetId[] = ["abapa", "wari", "caribbean", "speightstown", "bridgetown", "haiti"];

/**
 * The expert's own search in every ruleset, and in three the changes it was tried with (ExpertParts): the
 * search it does not use (the plain one) and the hash table's buckets; in two (caribbean for its extra
 * move) singular extensions.
 */
const CASES: readonly [RulesetId, ExpertParts][] = [
  ...RULESETS.map((ruleset): [RulesetId, ExpertParts] => [ruleset, {}]),
  ...(["abapa", "caribbean", "haiti"] as const).flatMap((ruleset): [RulesetId, ExpertParts][] => [
    [ruleset, { search: expertSearch(ruleset) === "reduced" ? "plain" : "reduced" }],
    [ruleset, { table: "buckets" }],
  ]),
  ...(["abapa", "caribbean"] as const).map((ruleset): [RulesetId, ExpertParts] => [
    ruleset,
    { extensions: "singular" },
  ]),
];

/** How a case's parts read in a test's name. */
const PART_NAMES: Readonly<Record<string, string>> = {
  buckets: "buckets in the hash table",
  singular: "singular extensions",
};

describe("ai exact endgames", () => {
  for (const [ruleset, parts] of CASES) {
    const what = Object.values(parts)
      .map((part) => `, ${PART_NAMES[part] ?? `${part} search`}`)
      .join("");
    it(`ai exact endgames - the expert's move keeps the game-theoretic result - few seeds in ${ruleset}${what}`, () => {
      let solved = 0;
      let choices = 0;
      fc.assert(
        fc.property(fewSeeds(ruleset), (start) => {
          const state = fromPosition(ruleset, start);
          if (!state.ok) throw new Error(state.error.message);
          fc.pre(!state.value.outcome.over && state.value.legalMoves.length > 1);
          const truth = solve(state.value);
          fc.pre(truth !== null);
          if (truth === null) return;
          solved++;
          if (new Set(truth.byMove.values()).size > 1) choices++;
          const result = think(
            { ruleset, start, moves: [], level: "expert", ms: 100, seed: 1 },
            undefined,
            undefined,
            parts,
          );
          expect(truth.byMove.get(result.best)).toBe(truth.value);
          if (result.proven) {
            // A proven score is the result itself: a win, a loss, or (not decisive) a draw.
            const said = isDecisive(result.score) ? Math.sign(result.score) : 0;
            expect(said).toBe(truth.value);
          }
        }),
        { numRuns: 25, seed: 9 },
      );
      // Checked on enough positions, and (Oware) on some where the choice of move changes the result. In
      // haiti such positions are too rare with this few seeds (none in 25 here): the Kay tests cover it.
      expect(solved).toBeGreaterThanOrEqual(20);
      if (ruleset !== "haiti") expect(choices).toBeGreaterThanOrEqual(3);
      // A ceiling, not a speed check: haiti's cases took 20-35 s at a load of 15 on 2 cores
    }, 120_000);
  }
});
