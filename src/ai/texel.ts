/**
 * The Texel fit of the evaluation (docs/ai.md, "The evaluation"): logistic regression of the game's
 * result on a position's features, P(win) = 1 / (1 + e^-z) with
 *
 *   z = tempo + k · (store difference) + Σ_h ( value(h, own count) − value(h, opponent's count) ),
 *
 * value(h, c) = A[c] + B[h][c]: a term per count shared by the six houses (A) and a correction per house
 * (B), counts above CAP pooled. With `FitOptions.sides`, two terms of several houses join them, each also
 * one's own minus the opponent's: R[t] of the seeds on a side's row (t, totals above ROW_CAP pooled) and
 * S[s] of a side's store (s seeds: a correction to k's straight line, so that a store near the winning
 * count may be worth more than its seeds). With `FitOptions.captures`, C[g] of the most seeds the player
 * to move can capture with one sowing and D[g] of the most the opponent could (evaluate.ts, bestCapture):
 * not one's own minus the opponent's, since having the move is what makes a capture a capture. The loss
 * (cross-entropy, a draw counting ½ each way) plus an L2 penalty on A, B, R, S, C and D is convex;
 * Newton's method minimises it exactly and deterministically. The terms are then in seeds once divided by
 * k, the fitted worth of a stored seed.
 */
import type { FittedTerms } from "./evaluate.ts";
import { bestCapture, CAPTURE_CAP, SCALE } from "./evaluate.ts";
import type { LabelledPosition } from "./tune-positions.ts";

/** Counts above this share its value (rare: a house rarely holds more). */
export const CAP = 20;
const BUCKETS = CAP + 1;
/** Row totals above this share its value. */
export const ROW_CAP = 30;
/** Stores above this share its value (25 of 48 seeds wins in the Oware rulesets). */
export const STORE_CAP = 24;
/** Stores of up to this many seeds are far from winning: a seed there is worth k (fitTerms). */
const FAR_STORE = 12;
/** Seeds in the game: a sampled position's stores follow from the seeds on the board and their difference. */
const SEEDS = 48;
/**
 * Parameter layout: tempo, k (per stored seed), A[0..CAP], B[h][0..CAP], R[0..ROW_CAP], S[0..STORE_CAP],
 * C[0..CAPTURE_CAP] and D[0..CAPTURE_CAP].
 */
const K = 1;
const A = 2;
const B = A + BUCKETS;
const R = B + 6 * BUCKETS;
const S = R + ROW_CAP + 1;
const C = S + STORE_CAP + 1;
const D = C + CAPTURE_CAP + 1;
const PARAMETERS = D + CAPTURE_CAP + 1;
/** The most non-zero features of a position: tempo, k, four per house, two each for the rows and stores, C and D. */
const MOST_FEATURES = 2 + 24 + 4 + 2;

export interface FitOptions {
  /** L2 penalty on the shared terms A and on the per-house corrections B (larger: closer to 0). */
  readonly shared: number;
  readonly perHouse: number;
  readonly iterations: number;
  /** Fit the row and store terms R and S too (their L2 penalty: the same as the shared terms'). */
  readonly sides: boolean;
  /** Fit the capture terms C and D too (likewise). */
  readonly captures: boolean;
}

/** Which terms a fit has beyond the houses (FitOptions' switches). */
export type FitShape = Pick<FitOptions, "sides" | "captures">;

export const DEFAULT_FIT: FitOptions = { shared: 2, perHouse: 10, iterations: 30, sides: false, captures: false };
const HOUSES_ONLY: FitShape = { sides: false, captures: false };

/** A player's store in a sampled position, from the seeds on the board and the store difference. */
function ownStore(p: LabelledPosition, board: number, own: boolean): number {
  const stored = SEEDS - board;
  const store = (stored + (own ? p.storeDifference : -p.storeDifference)) / 2;
  return Math.max(0, Math.min(STORE_CAP, store));
}

/** Adds +1 at `own` and −1 at `opponent` (nothing when they are the same term); the new count. */
function pair(own: number, opponent: number, n: number, index: Int32Array, value: Float64Array): number {
  if (own === opponent) return n;
  index[n] = own;
  value[n] = 1;
  index[n + 1] = opponent;
  value[n + 1] = -1;
  return n + 2;
}

/** The player to move's pits then the opponent's, as evaluate.ts reads a board with South to move. */
function moverPits(p: LabelledPosition): number[] {
  return [...p.own, ...p.opponent];
}

/**
 * A position's non-zero features: indices and values (tempo 1, the store difference, ±1 per house and
 * side term, 1 for each capture term).
 */
function features(p: LabelledPosition, shape: FitShape, index: Int32Array, value: Float64Array): number {
  index[0] = 0;
  value[0] = 1;
  index[1] = K;
  value[1] = p.storeDifference;
  let n = 2;
  for (let h = 0; h < 6; h++) {
    const own = Math.min(p.own[h], CAP);
    const opponent = Math.min(p.opponent[h], CAP);
    if (own === opponent) continue;
    index[n] = A + own;
    value[n++] = 1;
    index[n] = A + opponent;
    value[n++] = -1;
    index[n] = B + h * BUCKETS + own;
    value[n++] = 1;
    index[n] = B + h * BUCKETS + opponent;
    value[n++] = -1;
  }
  if (shape.captures) {
    const pits = moverPits(p);
    index[n] = C + bestCapture(pits, 0);
    value[n++] = 1;
    index[n] = D + bestCapture(pits, 1);
    value[n++] = 1;
  }
  if (!shape.sides) return n;
  let ownRow = 0;
  let opponentRow = 0;
  for (let h = 0; h < 6; h++) {
    ownRow += p.own[h];
    opponentRow += p.opponent[h];
  }
  n = pair(R + Math.min(ownRow, ROW_CAP), R + Math.min(opponentRow, ROW_CAP), n, index, value);
  const board = ownRow + opponentRow;
  return pair(S + ownStore(p, board, true), S + ownStore(p, board, false), n, index, value);
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The fitted parameters (see the file comment); fitTerms turns them into the search's terms. */
export function fitParameters(positions: readonly LabelledPosition[], options: FitOptions = DEFAULT_FIT): Float64Array {
  const theta = new Float64Array(PARAMETERS);
  const penalty = new Float64Array(PARAMETERS);
  for (let i = A; i < B; i++) penalty[i] = options.shared;
  for (let i = B; i < R; i++) penalty[i] = options.perHouse;
  for (let i = R; i < PARAMETERS; i++) penalty[i] = options.shared;
  // Tempo and k are left free; a small penalty keeps the Hessian invertible if the data never vary them.
  penalty[0] = 1e-6;
  penalty[K] = 1e-6;
  const index = new Int32Array(MOST_FEATURES);
  const value = new Float64Array(MOST_FEATURES);
  for (let iteration = 0; iteration < options.iterations; iteration++) {
    const gradient = new Float64Array(PARAMETERS);
    const hessian = new Float64Array(PARAMETERS * PARAMETERS);
    for (let i = 0; i < PARAMETERS; i++) {
      gradient[i] = penalty[i] * theta[i];
      hessian[i * PARAMETERS + i] = penalty[i];
    }
    for (const p of positions) {
      const n = features(p, options, index, value);
      let z = 0;
      for (let j = 0; j < n; j++) z += theta[index[j]] * value[j];
      const predicted = sigmoid(z);
      const error = predicted - p.result;
      const weight = predicted * (1 - predicted);
      for (let j = 0; j < n; j++) {
        gradient[index[j]] += error * value[j];
        const row = index[j] * PARAMETERS;
        for (let m = 0; m < n; m++) hessian[row + index[m]] += weight * value[j] * value[m];
      }
    }
    const step = solve(hessian, gradient, PARAMETERS);
    let largest = 0;
    for (let i = 0; i < PARAMETERS; i++) {
      theta[i] -= step[i];
      largest = Math.max(largest, Math.abs(step[i]));
    }
    if (largest < 1e-9) break;
  }
  return theta;
}

/** The mean cross-entropy of a model z(position) on positions (what the fit minimises, without the penalty). */
export function logLoss(positions: readonly LabelledPosition[], z: (p: LabelledPosition) => number): number {
  let sum = 0;
  for (const p of positions) {
    const q = Math.min(Math.max(sigmoid(z(p)), 1e-12), 1 - 1e-12);
    sum -= p.result * Math.log(q) + (1 - p.result) * Math.log(1 - q);
  }
  return sum / positions.length;
}

/** z of fitted parameters for a position (`shape`: as they were fitted). */
export function fittedLogit(theta: Float64Array, shape: FitShape = HOUSES_ONLY): (p: LabelledPosition) => number {
  const index = new Int32Array(MOST_FEATURES);
  const value = new Float64Array(MOST_FEATURES);
  return (p) => {
    const n = features(p, shape, index, value);
    let z = 0;
    for (let j = 0; j < n; j++) z += theta[index[j]] * value[j];
    return z;
  };
}

/** The least-squares slope of xs[from..from + n) against 0..n−1. */
function slope(xs: Float64Array, from: number, n: number): number {
  const mean = (n - 1) / 2;
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < n; i++) {
    sum += (i - mean) * xs[from + i];
    squares += (i - mean) * (i - mean);
  }
  return sum / squares;
}

/**
 * The search's terms (search units, SCALE per seed) of fitted parameters: each house's row shifted so
 * that an empty house is worth 0 (the evaluation is unchanged: each side has exactly one count per house),
 * and likewise the rows and stores (`sides`: fitted with them) from an empty row and store.
 *
 * The side terms overlap the others: a store term growing by c a seed is the same model as k + c (the
 * terms enter as one's own minus the opponent's, so c·s₁ − c·s₂ = c · store difference), and a row term
 * growing by c a seed is the same as every house's term growing by c a seed. The fit's L2 penalty splits
 * such a slope between them arbitrarily, so it is moved out of the side terms here: the row term's
 * least-squares slope into the houses', and the store term's slope over stores of 0 to FAR_STORE seeds
 * into k. So k is the worth of a stored seed far from the winning count, the terms are in those seeds,
 * and the store term says how much more a seed is worth nearer to it.
 *
 * Every position has exactly one capture term of each kind, so C and D overlap the tempo: each is shifted
 * so that no capture (g = 0) is worth 0, the tempo taking the difference.
 */
export function fitTerms(theta: Float64Array, shape: FitShape = HOUSES_ONLY): FittedTerms {
  const { sides, captures } = shape;
  const storeSlope = sides ? slope(theta, S, FAR_STORE + 1) : 0;
  const rowSlope = sides ? slope(theta, R, ROW_CAP + 1) : 0;
  const perSeed = theta[K] + storeSlope;
  if (!(perSeed > 0)) throw new Error(`the fit gave a stored seed no positive value (${perSeed}): too few positions?`);
  const units = (x: number) => Math.round((SCALE * x) / perSeed);
  const houses: number[][] = [];
  for (let h = 0; h < 6; h++) {
    const value = (c: number) => theta[A + c] + theta[B + h * BUCKETS + c] + rowSlope * c;
    const row: number[] = [];
    for (let c = 0; c <= CAP; c++) row.push(units(value(c) - value(0)));
    houses.push(row);
  }
  const corrected = (from: number, cap: number, by: number) =>
    Array.from({ length: cap + 1 }, (_, i) => units(theta[from + i] - by * i - theta[from]));
  return {
    tempo: units(theta[0] + (captures ? theta[C] + theta[D] : 0)),
    houses,
    ...(sides && { rows: corrected(R, ROW_CAP, rowSlope), stores: corrected(S, STORE_CAP, storeSlope) }),
    ...(captures && { captures: corrected(C, CAPTURE_CAP, 0), threats: corrected(D, CAPTURE_CAP, 0) }),
  };
}

/**
 * The best scale k for a fixed evaluation e(position) in seeds, i.e. z = k·e (one-dimensional Newton):
 * to compare another evaluation's loss on the same positions fairly.
 */
export function fitScale(positions: readonly LabelledPosition[], seeds: (p: LabelledPosition) => number): number {
  let k = 0.1;
  for (let iteration = 0; iteration < 50; iteration++) {
    let gradient = 0;
    let curvature = 1e-9;
    for (const p of positions) {
      const e = seeds(p);
      const predicted = sigmoid(k * e);
      gradient += (predicted - p.result) * e;
      curvature += predicted * (1 - predicted) * e * e;
    }
    const step = gradient / curvature;
    k -= step;
    if (Math.abs(step) < 1e-12) break;
  }
  return k;
}

/** Solves H x = g (H symmetric positive definite, n × n) by Cholesky decomposition; H is overwritten. */
function solve(h: Float64Array, g: Float64Array, n: number): Float64Array {
  for (let j = 0; j < n; j++) {
    let d = h[j * n + j];
    for (let k = 0; k < j; k++) d -= h[j * n + k] * h[j * n + k];
    if (!(d > 0)) throw new Error("the fit's Hessian is not positive definite");
    const root = Math.sqrt(d);
    h[j * n + j] = root;
    for (let i = j + 1; i < n; i++) {
      let s = h[i * n + j];
      for (let k = 0; k < j; k++) s -= h[i * n + k] * h[j * n + k];
      h[i * n + j] = s / root;
    }
  }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = g[i];
    for (let k = 0; k < i; k++) s -= h[i * n + k] * y[k];
    y[i] = s / h[i * n + i];
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i];
    for (let k = i + 1; k < n; k++) s -= h[k * n + i] * x[k];
    x[i] = s / h[i * n + i];
  }
  return x;
}
