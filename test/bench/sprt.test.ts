/** bench:ai's sequential probability ratio test (bench/sprt.ts). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  distributionOf,
  eloInterval,
  likeliestWithMean,
  logLikelihoodRatio,
  type SprtSettings,
  scoreOfElo,
  sprt,
} from "../../bench/sprt.ts";
import { seededRandom } from "../../src/engine/random.ts";

const mean = (scores: readonly number[], ps: readonly number[]) => ps.reduce((s, p, i) => s + p * scores[i], 0);
const logLikelihood = (observed: readonly number[], model: readonly number[]) =>
  observed.reduce((s, p, i) => s + p * Math.log(model[i]), 0);

describe("sprt", () => {
  it("likeliestWithMean - sums to 1, has the mean asked for, beats every other distribution with it - random counts", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 200 }), { minLength: 5, maxLength: 5 }),
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        fc.double({ min: 0.01, max: 0.5, noNaN: true }),
        (counts, target, mix) => {
          fc.pre(counts.some((c) => c > 0));
          const { distribution } = distributionOf(counts);
          const best = likeliestWithMean(distribution, target);
          expect(best.probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
          expect(mean(best.scores, best.probabilities)).toBeCloseTo(target, 9);
          // Another distribution with the same mean: the two-point one on 0 and 1, mixed in.
          const other = best.probabilities.map((p, i) =>
            i === 0 ? (1 - mix) * p + mix * (1 - target) : i === 4 ? (1 - mix) * p + mix * target : (1 - mix) * p,
          );
          expect(mean(best.scores, other)).toBeCloseTo(target, 9);
          const observed = distribution.probabilities;
          expect(logLikelihood(observed, best.probabilities)).toBeGreaterThanOrEqual(
            logLikelihood(observed, other) - 1e-12,
          );
        },
      ),
    );
  });

  it("likeliestWithMean - gives the observed distribution back - a mean equal to the observed one", () => {
    const { distribution } = distributionOf([10, 30, 50, 25, 12]);
    const observedMean = mean(distribution.scores, distribution.probabilities);
    const best = likeliestWithMean(distribution, observedMean);
    expect(best.probabilities.map((p) => p.toFixed(9))).toEqual(distribution.probabilities.map((p) => p.toFixed(9)));
  });

  it("logLikelihoodRatio - agrees with the normal approximation within 2% - a large trinomial sample", () => {
    const counts = [3000, 4000, 3400]; // losses, draws, wins
    const { n, distribution } = distributionOf(counts);
    const m = mean(distribution.scores, distribution.probabilities);
    const variance = distribution.probabilities.reduce((s, p, i) => s + p * (distribution.scores[i] - m) ** 2, 0);
    const [s0, s1] = [scoreOfElo(0), scoreOfElo(10)];
    const approximate = (n * (s1 - s0) * (2 * m - s0 - s1)) / (2 * variance);
    const exact = logLikelihoodRatio(counts, 0, 10);
    expect(exact).toBeGreaterThan(0);
    expect(Math.abs(exact - approximate) / approximate).toBeLessThan(0.02);
  });

  it("eloInterval - centred on the score's Elo, wider with fewer pairs - pentanomial counts", () => {
    const few = eloInterval([1, 4, 10, 4, 1]);
    const many = eloInterval([10, 40, 100, 40, 10]);
    expect(few.elo).toBeCloseTo(0, 9);
    expect(few.low).toBeLessThan(many.low);
    expect(few.high).toBeGreaterThan(many.high);
    expect(eloInterval([0, 2, 4, 8, 6]).elo).toBeGreaterThan(100);
  });

  /** Runs SPRTs on simulated game pairs of a player `elo` stronger; returns the share that accepted H1. */
  function acceptedH1(elo: number, settings: SprtSettings, runs: number, seed: number): number {
    const rand = seededRandom(seed);
    const draw = 0.3;
    const win = scoreOfElo(elo) - draw / 2;
    const game = () => {
      const r = rand();
      return r < win ? 2 : r < win + draw ? 1 : 0;
    };
    let h1 = 0;
    for (let run = 0; run < runs; run++) {
      const counts = [0, 0, 0, 0, 0];
      for (let pair = 1; pair <= 5000; pair++) {
        counts[game() + game()]++;
        const state = sprt(counts, settings);
        if (state.verdict !== null) {
          if (state.verdict === "H1") h1++;
          break;
        }
      }
    }
    return h1 / runs;
  }

  it("sprt - keeps its error rates - simulated pairs of equal players and of a player 50 Elo stronger", () => {
    const settings = { elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05 };
    // 200 runs: a true rate of 5% is at most 10% with probability above 99.5%.
    expect(acceptedH1(0, settings, 200, 1)).toBeLessThanOrEqual(0.1);
    expect(acceptedH1(50, settings, 200, 2)).toBeGreaterThanOrEqual(0.9);
    expect(acceptedH1(100, settings, 50, 3)).toBe(1);
  });
});
