/**
 * The sequential probability ratio test of bench:ai's matches, as fishtest runs Stockfish's: the
 * generalized SPRT (GSPRT) of M. Van den Bergh on game pairs (pentanomial: the two games of an opening,
 * one with each colour, scored together 0, 1/4, 1/2, 3/4 or 1) or on single games (trinomial), with
 * H0: Elo = elo0 and H1: Elo = elo1 on the logistic scale. For each hypothesis the likelihood is that
 * of the multinomial of largest likelihood whose mean score is the hypothesis's (Proposition 1.1 of "A
 * note on the MLE of a multinomial with a given mean": p_i / (1 + x (a_i - s)), x the root of the
 * secular equation), and the log-likelihood ratio is compared with Wald's bounds
 * ln(beta / (1 - alpha)) and ln((1 - beta) / alpha).
 *
 * Written here because the npm registry has no SPRT for game results (searched: the Elo packages only
 * update ratings); it is a few dozen lines of arithmetic, tested in test/bench/sprt.test.ts.
 */

/** A distribution: the scores a_i (ascending, in [0, 1]) and their probabilities p_i. */
export interface Distribution {
  readonly scores: readonly number[];
  readonly probabilities: readonly number[];
}

/** Fishtest's stand-in for an outcome never seen, so that the MLE's support spans every score. */
const UNSEEN = 1e-3;

/** The logistic Elo model: the expected score of a player `elo` points stronger. */
export function scoreOfElo(elo: number): number {
  return 1 / (1 + 10 ** (-elo / 400));
}

export function eloOfScore(score: number): number {
  const s = Math.min(Math.max(score, 1e-9), 1 - 1e-9);
  return -400 * Math.log10(1 / s - 1);
}

/** Counts of outcomes (losses..wins, or the five pair scores) as a distribution on evenly spaced scores. */
export function distributionOf(counts: readonly number[]): { n: number; distribution: Distribution } {
  const seen = counts.map((c) => (c === 0 ? UNSEEN : c));
  const n = seen.reduce((a, b) => a + b, 0);
  return {
    n,
    distribution: {
      scores: counts.map((_, i) => i / (counts.length - 1)),
      probabilities: seen.map((c) => c / n),
    },
  };
}

/**
 * The distribution of largest likelihood for the observed one `d` whose mean is `mean` (strictly between
 * the lowest and highest score): p_i / (1 + x (a_i - mean)), x the root of sum p_i (a_i - mean) /
 * (1 + x (a_i - mean)) = 0, which decreases strictly in x on the interval where every weight is
 * positive, so bisection finds it.
 */
export function likeliestWithMean(d: Distribution, mean: number): Distribution {
  const { scores, probabilities } = d;
  const low = scores[0];
  const high = scores[scores.length - 1];
  if (!(low < mean && mean < high)) throw new RangeError(`mean ${mean} outside (${low}, ${high})`);
  const secular = (x: number) =>
    probabilities.reduce((sum, p, i) => sum + (p * (scores[i] - mean)) / (1 + x * (scores[i] - mean)), 0);
  let lo = -1 / (high - mean);
  let hi = 1 / (mean - low);
  // The ends make a weight 0 (the function's poles): search strictly inside them.
  const inside = 1e-12;
  lo += inside * (hi - lo);
  hi -= inside * (hi - lo);
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (secular(mid) > 0) lo = mid;
    else hi = mid;
  }
  const x = (lo + hi) / 2;
  const weights = probabilities.map((p, i) => p / (1 + x * (scores[i] - mean)));
  const total = weights.reduce((a, b) => a + b, 0);
  return { scores, probabilities: weights.map((w) => w / total) };
}

/** The GSPRT's log-likelihood ratio of H1 (Elo elo1) against H0 (Elo elo0) for the outcome counts. */
export function logLikelihoodRatio(counts: readonly number[], elo0: number, elo1: number): number {
  if (counts.every((c) => c === 0)) return 0;
  const { n, distribution } = distributionOf(counts);
  const h0 = likeliestWithMean(distribution, scoreOfElo(elo0));
  const h1 = likeliestWithMean(distribution, scoreOfElo(elo1));
  return (
    n *
    distribution.probabilities.reduce((sum, p, i) => sum + p * Math.log(h1.probabilities[i] / h0.probabilities[i]), 0)
  );
}

export interface SprtSettings {
  readonly elo0: number;
  readonly elo1: number;
  readonly alpha: number;
  readonly beta: number;
}

/** Wald's bounds: below `lower` H0 is accepted, above `upper` H1. */
export function sprtBounds(settings: SprtSettings): { lower: number; upper: number } {
  return {
    lower: Math.log(settings.beta / (1 - settings.alpha)),
    upper: Math.log((1 - settings.beta) / settings.alpha),
  };
}

export type Verdict = "H0" | "H1" | null;

export interface SprtState {
  readonly llr: number;
  readonly lower: number;
  readonly upper: number;
  /** H1: the change is at least elo1 better (keep it); H0: it is at most elo0 (drop it); null: go on. */
  readonly verdict: Verdict;
}

export function sprt(counts: readonly number[], settings: SprtSettings): SprtState {
  const llr = logLikelihoodRatio(counts, settings.elo0, settings.elo1);
  const { lower, upper } = sprtBounds(settings);
  return { llr, lower, upper, verdict: llr >= upper ? "H1" : llr <= lower ? "H0" : null };
}

/**
 * The Elo difference and its 95% interval from outcome counts (pair scores for a pentanomial: the pair
 * is the independent unit, so the interval counts the correlation of an opening's two games).
 */
export function eloInterval(counts: readonly number[]): { elo: number; low: number; high: number; score: number } {
  const n = counts.reduce((a, b) => a + b, 0);
  const scores = counts.map((_, i) => i / (counts.length - 1));
  const mean = counts.reduce((sum, c, i) => sum + c * scores[i], 0) / n;
  const variance = counts.reduce((sum, c, i) => sum + c * (scores[i] - mean) ** 2, 0) / n;
  const half = 1.96 * Math.sqrt(variance / n);
  return {
    score: mean,
    elo: eloOfScore(mean),
    low: eloOfScore(Math.max(mean - half, 0)),
    high: eloOfScore(Math.min(mean + half, 1)),
  };
}
