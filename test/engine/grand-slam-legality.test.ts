/**
 * Wari's legal moves leave out the grand slams (docs/rules.md 3.2), which the core decides without sowing a
 * copy below a full lap (oware.ts, isGrandSlam). Checked against a slam test of this file's own: sow a
 * plain array, take the capture set backwards from the last pit, compare it with the opponent's row.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CoreGame } from "../../src/engine/core.ts";

/** Sows `origin` on a copy (skipping the origin on every lap); whether its capture takes every opponent seed. */
function naiveSlam(pits: number[], mover: 0 | 1, origin: number): boolean {
  const board = pits.slice();
  let seeds = board[origin];
  board[origin] = 0;
  let pit = origin;
  while (seeds > 0) {
    pit = (pit + 1) % 12;
    if (pit === origin) continue;
    board[pit]++;
    seeds--;
  }
  const low = mover === 0 ? 6 : 0;
  if (pit < low || pit > low + 5) return false;
  let taken = 0;
  let i = pit;
  while (i >= low && (board[i] === 2 || board[i] === 3)) taken += board[i--];
  const row = board.slice(low, low + 6).reduce((a, b) => a + b, 0);
  return taken > 0 && taken === row;
}

/** The wari legal houses by the rules: non-empty, feeding an empty opponent, no slam unless all are. */
function naiveLegal(pits: number[], mover: 0 | 1): number[] {
  const own = mover * 6;
  const opponentEmpty = pits.slice(6 - own, 12 - own).every((n) => n === 0);
  const basic = [1, 2, 3, 4, 5, 6].filter((h) => {
    const n = pits[own + h - 1];
    return n > 0 && (!opponentEmpty || n >= 7 - h);
  });
  const nonSlam = basic.filter((h) => !naiveSlam(pits, mover, own + h - 1));
  return nonSlam.length > 0 ? nonSlam : basic;
}

// Opponent pits of 0-2 seeds (where slams happen), own pits up to 14 (some sowings lap the board).
const positionArb = fc.record({
  own: fc.array(fc.oneof(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 14 })), {
    minLength: 6,
    maxLength: 6,
  }),
  opponent: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 6, maxLength: 6 }),
  mover: fc.constantFrom(0 as const, 1 as const),
});

describe("wari grand slam legality", () => {
  it("legal moves - grand slams left out unless every move is one - random rows, against a naive sowing", () => {
    let slams = 0;
    fc.assert(
      fc.property(positionArb, ({ own, opponent, mover }) => {
        const pits = mover === 0 ? [...own, ...opponent] : [...opponent, ...own];
        const onBoard = pits.reduce((a, b) => a + b, 0);
        fc.pre(onBoard <= 48 && own.some((n) => n > 0));
        const stores: [number, number] = [Math.floor((48 - onBoard) / 2), Math.ceil((48 - onBoard) / 2)];
        fc.pre(stores[0] < 25 && stores[1] < 25);
        const game = CoreGame.fromPosition("wari", { pits, stores, toMove: mover });
        if (game.over) return;
        const first = mover * 6;
        if (pits.slice(first, first + 6).some((n, i) => n > 0 && naiveSlam(pits, mover, first + i))) slams++;
        expect(game.legalHouses()).toEqual(naiveLegal(pits, mover));
      }),
      { numRuns: 3000 },
    );
    // The generator makes slams common, so both sides of the test are exercised.
    expect(slams).toBeGreaterThan(50);
  });
});
