/** Search labels for the evaluation's fit (npm run tune -- --labels search): positions, scores, scale and blend. */
import { describe, expect, it } from "vitest";
import { FITTED_TERMS } from "../../src/ai/eval-data.ts";
import { houseTerms, tunedWeights } from "../../src/ai/evaluate.ts";
import { think } from "../../src/ai/think.ts";
import { blendLabels, samplePosition, scoreScale, searchLabelled, searchScores } from "../../src/ai/tune-labels.ts";
import { type LabelledPosition, selfPlayPositions } from "../../src/ai/tune-positions.ts";
import { CoreGame } from "../../src/engine/core.ts";
import { seededRandom } from "../../src/engine/random.ts";

const SMALL = { games: 2, openingPlies: 4, nodes: 300, tableSeeds: 10, seed: 3 } as const;

const sample = (own: number[], opponent: number[], storeDifference: number, result = 1): LabelledPosition => ({
  own,
  opponent,
  storeDifference,
  result,
  game: 0,
});

describe("ai tuning labels", () => {
  it("ai tuning labels - a sample becomes its position with the player to move as South - self-play positions", () => {
    for (const p of selfPlayPositions("abapa", SMALL)) {
      const position = samplePosition(p);
      expect(position.toMove).toBe(0);
      expect(position.pits).toEqual([...p.own, ...p.opponent]);
      expect(position.stores[0] - position.stores[1]).toBe(p.storeDifference);
      expect(position.pits.reduce((a, b) => a + b, 0) + position.stores[0] + position.stores[1]).toBe(48);
      expect(CoreGame.fromPosition("abapa", position).over).toBe(false);
    }
  });

  it("ai tuning labels - a position's score is the expert's seeded search of it - abapa", () => {
    const p = sample([4, 4, 4, 4, 4, 4], [4, 4, 4, 4, 4, 0], 4);
    const [score] = searchScores("abapa", [p], 2000);
    const direct = think({ ruleset: "abapa", start: samplePosition(p), moves: [], level: "expert", ms: 2, seed: 1 });
    expect(score).toBe(direct.score);
    expect(searchScores("abapa", [p], 2000)).toEqual([score]);
  });

  it("ai tuning labels - a proven win scores +Infinity and labels 1, a proven loss 0 - a capture that ends the game", () => {
    // South to move with 24 stored and a capture of 2 at hand: a proven win.
    const win = sample([0, 0, 0, 0, 0, 1], [1, 1, 0, 0, 0, 0], 24 - 21);
    const [score] = searchScores("abapa", [win], 5000);
    expect(score).toBe(Number.POSITIVE_INFINITY);
    const [label] = blendLabels([win], [score], 0.2, 0);
    expect(label.result).toBe(1);
    expect(blendLabels([win], [Number.NEGATIVE_INFINITY], 0.2, 0)[0].result).toBe(0);
  });

  it("ai tuning labels - λ weighs the game's result against the search's probability - one position", () => {
    const p = sample([4, 4, 4, 4, 4, 4], [4, 4, 4, 4, 4, 4], 0, 1);
    const search = 1 / (1 + Math.exp(-0.25 * 3));
    expect(blendLabels([p], [3], 0.25, 0)[0].result).toBeCloseTo(search, 12);
    expect(blendLabels([p], [3], 0.25, 1)[0].result).toBe(1);
    expect(blendLabels([p], [3], 0.25, 0.5)[0].result).toBeCloseTo(0.5 + search / 2, 12);
  });

  it("ai tuning labels - the scale that best predicts the results is found - synthetic scores", () => {
    const rand = seededRandom(4);
    const positions: LabelledPosition[] = [];
    const scores: number[] = [];
    for (let i = 0; i < 20000; i++) {
      const s = Math.floor(rand() * 21) - 10;
      scores.push(s);
      positions.push(sample([4, 4, 4, 4, 4, 4], [4, 4, 4, 4, 4, 4], 0, rand() < 1 / (1 + Math.exp(-0.3 * s)) ? 1 : 0));
    }
    // Proven results are left out of the scale's fit.
    scores[0] = Number.POSITIVE_INFINITY;
    expect(scoreScale(positions, scores)).toBeCloseTo(0.3, 1);
  });

  it("ai tuning labels - the same positions give the same labels - a small haiti run", () => {
    const positions = selfPlayPositions("haiti", SMALL).slice(0, 12);
    const once = searchLabelled("haiti", positions, { nodes: 500, lambda: 0.5 });
    const again = searchLabelled("haiti", positions, { nodes: 500, lambda: 0.5 });
    expect(again).toEqual(once);
    for (const p of once.positions) expect(p.result).toBeGreaterThanOrEqual(0);
    for (const p of once.positions) expect(p.result).toBeLessThanOrEqual(1);
  });

  it("ai tuning labels - a candidate's terms replace the committed ones only when given - abapa", () => {
    const committed = houseTerms("fitted", tunedWeights("abapa"), "abapa");
    const same = houseTerms("fitted", tunedWeights("abapa"), "abapa", FITTED_TERMS.abapa);
    expect(same).toEqual(committed);
    const candidate = { tempo: 3, houses: FITTED_TERMS.abapa.houses.map((row) => row.map((v) => v + 1)) };
    const other = houseTerms("fitted", tunedWeights("abapa"), "abapa", candidate);
    expect(other[6 * 49]).toBe(3);
    expect(other[5]).toBe(committed[5] + 1);
  });
});
