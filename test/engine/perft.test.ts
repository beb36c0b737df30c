/**
 * Move-sequence counts from the start position (perft): ground truth for move generation.
 *
 * Where the abapa counts come from: we found no published Oware perft table to cite (OpenSpiel's
 * oware tests, the Oware programs in our reference search and the perft literature for other games
 * have none), so the numbers 6, 36, 190, 1014, 5219, 27332, 139157 are this engine's own, first
 * written down with the engine tests. They are not taken on trust: `naivePerft` below recounts them
 * with a deliberately simple implementation of docs/rules.md's Abapa rules written for this test alone
 * (plain arrays and recursion, sharing no code with src/engine), and the test also checks how many
 * of the counted lines capture, so the counts are known to exercise captures and not only sowing
 * (the first captures come at ply 4; at depth 7, 55,211 of the 139,157 lines contain one).
 */
import { describe, expect, it } from "vitest";
import { CoreGame } from "../../src/engine/core.ts";
import { type GameState, newGame, play, START_POSITION } from "../../src/engine/index.ts";
import type { RulesetId } from "../../src/engine/types.ts";

const ABAPA_COUNTS = [6, 36, 190, 1014, 5219, 27332, 139157];

function corePerft(ruleset: RulesetId, depth: number): number {
  const stack = Array.from({ length: depth + 1 }, () => new CoreGame(ruleset));
  stack[0].copyFrom(CoreGame.fromPosition(ruleset, START_POSITION));
  const count = (d: number): number => {
    const game = stack[d];
    if (d === depth) return 1;
    const mask = game.legalMask();
    let total = 0;
    for (let h = 0; h < 6; h++) {
      if (!(mask & (1 << h))) continue;
      stack[d + 1].copyFrom(game);
      stack[d + 1].play(h + 1);
      total += count(d + 1);
    }
    return total;
  };
  return count(0);
}

function apiPerft(state: GameState, depth: number): number {
  if (depth === 0) return 1;
  let total = 0;
  for (const house of state.legalMoves) {
    const played = play(state, house);
    if (!played.ok) throw new Error(played.error.message);
    total += apiPerft(played.value.state, depth - 1);
  }
  return total;
}

/** A naive Abapa board: 12 pits (South 0..5, North 6..11), two stores, the side to move. */
interface Naive {
  pits: number[];
  stores: number[];
  toMove: number;
}

/** Sows house `h` (0..5) of the player to move, with docs/rules.md's Abapa capture; null if illegal. */
function naiveMove(b: Naive, h: number): { next: Naive; captured: boolean } | null {
  const me = b.toMove;
  const origin = me * 6 + h;
  if (b.pits[origin] === 0) return null;
  const pits = [...b.pits];
  let seeds = pits[origin];
  pits[origin] = 0;
  let pit = origin;
  while (seeds > 0) {
    pit = (pit + 1) % 12;
    if (pit === origin) continue; // a lap skips the origin
    pits[pit]++;
    seeds--;
  }
  const theirs = (p: number) => Math.floor(p / 6) !== me;
  const opponentSeeds = (board: number[]) => board.slice((1 - me) * 6, (1 - me) * 6 + 6).reduce((a, c) => a + c, 0);
  // Feeding: when the opponent's row is empty, a move must give them seeds.
  if (opponentSeeds(b.pits) === 0 && opponentSeeds(pits) === 0) return null;
  const taken: number[] = [];
  for (let p = pit; theirs(p) && (pits[p] === 2 || pits[p] === 3); p--) {
    taken.push(p);
    if (p % 6 === 0) break;
  }
  const stores = [...b.stores];
  const total = taken.reduce((a, p) => a + pits[p], 0);
  // A grand slam (taking every seed the opponent has) captures nothing in Abapa.
  const captured = taken.length > 0 && total !== opponentSeeds(pits);
  if (captured) {
    for (const p of taken) pits[p] = 0;
    stores[me] += total;
  }
  return { next: { pits, stores, toMove: 1 - me }, captured };
}

/** Leaf counts at `depth`, and how many of those lines contain a capture. */
function naivePerft(b: Naive, depth: number, capturedBefore = false): { leaves: number; withCapture: number } {
  if (depth === 0) return { leaves: 1, withCapture: capturedBefore ? 1 : 0 };
  let leaves = 0;
  let withCapture = 0;
  for (let h = 0; h < 6; h++) {
    const moved = naiveMove(b, h);
    if (!moved) continue;
    // 25 seeds ends the game (not reachable this early, but a line that got there would stop here).
    if (moved.next.stores.some((s) => s >= 25)) continue;
    const sub = naivePerft(moved.next, depth - 1, capturedBefore || moved.captured);
    leaves += sub.leaves;
    withCapture += sub.withCapture;
  }
  return { leaves, withCapture };
}

describe("perft", () => {
  it("perft abapa - the core gives the recorded counts - depths 1 to 7", () => {
    const counts = [1, 2, 3, 4, 5, 6, 7].map((d) => corePerft("abapa", d));
    expect(counts).toEqual(ABAPA_COUNTS);
  });

  it("perft abapa - a separate naive implementation counts the same, captures included - depths 1 to 7", () => {
    const start: Naive = { pits: Array(12).fill(4), stores: [0, 0], toMove: 0 };
    const naive = [1, 2, 3, 4, 5, 6, 7].map((d) => naivePerft(start, d));
    expect(naive.map((n) => n.leaves)).toEqual(ABAPA_COUNTS);
    // Captures first happen within these depths, so the counts check the capture rule too.
    expect(naive[2].withCapture).toBe(0);
    expect(naive[3].withCapture).toBeGreaterThan(0);
    expect(naive[6].withCapture).toBeGreaterThan(0);
  });

  it("perft - the public API and the core agree - every ruleset to depth 5", () => {
    for (const ruleset of ["abapa", "wari", "caribbean", "speightstown", "bridgetown", "haiti"] as const) {
      expect(apiPerft(newGame(ruleset), 5), ruleset).toBe(corePerft(ruleset, 5));
    }
  });
});
