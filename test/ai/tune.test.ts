/** The evaluation's fit (npm run tune): reproducible from its seed, and a fit that finds what made the labels. */
import { describe, expect, it } from "vitest";
import { SCALE } from "../../src/ai/evaluate.ts";
import { CAP, DEFAULT_FIT, fitParameters, fitTerms } from "../../src/ai/texel.ts";
import { type LabelledPosition, selfPlayPositions } from "../../src/ai/tune-positions.ts";
import { seededRandom } from "../../src/engine/random.ts";

const SMALL = { games: 4, openingPlies: 4, nodes: 300, tableSeeds: 10 } as const;

describe("ai tuning", () => {
  it("ai tuning - the same seed gives the same positions and terms - a small abapa run", () => {
    const once = selfPlayPositions("abapa", { ...SMALL, seed: 5 });
    const again = selfPlayPositions("abapa", { ...SMALL, seed: 5 });
    expect(again).toEqual(once);
    expect(once.length).toBeGreaterThan(20);
    expect(fitTerms(fitParameters(again))).toEqual(fitTerms(fitParameters(once)));
  });

  it("ai tuning - another seed gives other games - a small abapa run", () => {
    const one = selfPlayPositions("abapa", { ...SMALL, seed: 5 });
    const other = selfPlayPositions("abapa", { ...SMALL, seed: 6 });
    expect(other).not.toEqual(one);
  });

  it("ai tuning - positions are from the player to move's side, none the tables decide - a small haiti run", () => {
    const positions = selfPlayPositions("haiti", { ...SMALL, seed: 2 });
    for (const p of positions) {
      const board = [...p.own, ...p.opponent].reduce((a, b) => a + b, 0);
      expect(board).toBeGreaterThan(SMALL.tableSeeds);
      expect([0, 0.5, 1]).toContain(p.result);
    }
    // Both players' positions of one game: their results add up to 1 (a win for one is a loss for the other).
    const results = [...new Set(positions.filter((p) => p.game === 0).map((p) => p.result))].sort();
    expect([[0.5], [0, 1]]).toContainEqual(results);
  });

  it("ai tuning - the fit finds the terms that made the labels - synthetic positions", () => {
    // Labels drawn from a known model: a stored seed worth 0.2 in the logit, one's own house holding
    // 1 or 2 seeds worth -2 seeds, a house of 12 or more +3 seeds; the fit must find these (in search units).
    const rand = seededRandom(9);
    const truth = (c: number) => (c === 1 || c === 2 ? -2 : c >= 12 ? 3 : 0);
    const positions: LabelledPosition[] = [];
    for (let i = 0; i < 20000; i++) {
      const own = Array.from({ length: 6 }, () => Math.floor(rand() * 16));
      const opponent = Array.from({ length: 6 }, () => Math.floor(rand() * 16));
      const storeDifference = Math.floor(rand() * 21) - 10;
      const seeds = storeDifference + own.reduce((s, c, h) => s + truth(c) - truth(opponent[h]), 0);
      const result = rand() < 1 / (1 + Math.exp(-0.2 * seeds)) ? 1 : 0;
      positions.push({ own, opponent, storeDifference, result, game: i });
    }
    const terms = fitTerms(fitParameters(positions, { ...DEFAULT_FIT, shared: 0.01, perHouse: 0.01 }));
    expect(terms.houses).toHaveLength(6);
    for (const row of terms.houses) {
      expect(row).toHaveLength(CAP + 1);
      for (const c of [1, 2, 5, 9, 12, 14]) expect(Math.abs(row[c] - truth(c) * SCALE)).toBeLessThanOrEqual(SCALE);
    }
    expect(Math.abs(terms.tempo)).toBeLessThanOrEqual(SCALE / 2);
  });
});
