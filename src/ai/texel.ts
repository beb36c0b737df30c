/**
 * The Texel fit of the evaluation (docs/ai.md, "The evaluation"): logistic regression of the game's
 * result on a position's features, P(win) = 1 / (1 + e^-z) with
 *
 *   z = tempo + k · (store difference) + Σ_h ( value(h, own count) − value(h, opponent's count) ),
 *
 * value(h, c) = A[c] + B[h][c]: a term per count shared by the six houses (A) and a correction per house
 * (B), counts above CAP pooled. The loss (cross-entropy, a draw counting ½ each way) plus an L2 penalty
 * on A and B is convex; Newton's method minimises it exactly and deterministically. The terms are then
 * in seeds once divided by k, the fitted worth of a stored seed.
 */
import type { FittedTerms } from "./evaluate.ts";
import { SCALE } from "./evaluate.ts";
import type { LabelledPosition } from "./tune-positions.ts";

/** Counts above this share its value (rare: a house rarely holds more). */
export const CAP = 20;
const BUCKETS = CAP + 1;
/** Parameter layout: tempo, k (per stored seed), A[0..CAP], B[h][0..CAP]. */
const K = 1;
const A = 2;
const B = A + BUCKETS;
const PARAMETERS = B + 6 * BUCKETS;

export interface FitOptions {
  /** L2 penalty on the shared terms A and on the per-house corrections B (larger: closer to 0). */
  readonly shared: number;
  readonly perHouse: number;
  readonly iterations: number;
}

export const DEFAULT_FIT: FitOptions = { shared: 2, perHouse: 10, iterations: 30 };

/** A position's non-zero features: indices and values (tempo 1, the store difference, ±1 per house). */
function features(p: LabelledPosition, index: Int32Array, value: Float64Array): number {
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
  return n;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The fitted parameters (see the file comment); fitTerms turns them into the search's terms. */
export function fitParameters(positions: readonly LabelledPosition[], options: FitOptions = DEFAULT_FIT): Float64Array {
  const theta = new Float64Array(PARAMETERS);
  const penalty = new Float64Array(PARAMETERS);
  for (let i = A; i < B; i++) penalty[i] = options.shared;
  for (let i = B; i < PARAMETERS; i++) penalty[i] = options.perHouse;
  // Tempo and k are left free; a small penalty keeps the Hessian invertible if the data never vary them.
  penalty[0] = 1e-6;
  penalty[K] = 1e-6;
  const index = new Int32Array(2 + 24);
  const value = new Float64Array(2 + 24);
  for (let iteration = 0; iteration < options.iterations; iteration++) {
    const gradient = new Float64Array(PARAMETERS);
    const hessian = new Float64Array(PARAMETERS * PARAMETERS);
    for (let i = 0; i < PARAMETERS; i++) {
      gradient[i] = penalty[i] * theta[i];
      hessian[i * PARAMETERS + i] = penalty[i];
    }
    for (const p of positions) {
      const n = features(p, index, value);
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

/** z of fitted parameters for a position. */
export function fittedLogit(theta: Float64Array): (p: LabelledPosition) => number {
  const index = new Int32Array(2 + 24);
  const value = new Float64Array(2 + 24);
  return (p) => {
    const n = features(p, index, value);
    let z = 0;
    for (let j = 0; j < n; j++) z += theta[index[j]] * value[j];
    return z;
  };
}

/**
 * The search's terms (search units, SCALE per seed) of fitted parameters: each house's row shifted so
 * that an empty house is worth 0 (the evaluation is unchanged: each side has exactly one count per house).
 */
export function fitTerms(theta: Float64Array): FittedTerms {
  const perSeed = theta[K];
  if (!(perSeed > 0)) throw new Error(`the fit gave a stored seed no positive value (${perSeed}): too few positions?`);
  const units = (x: number) => Math.round((SCALE * x) / perSeed);
  const houses: number[][] = [];
  for (let h = 0; h < 6; h++) {
    const value = (c: number) => theta[A + c] + theta[B + h * BUCKETS + c];
    const row: number[] = [];
    for (let c = 0; c <= CAP; c++) row.push(units(value(c) - value(0)));
    houses.push(row);
  }
  return { tempo: units(theta[0]), houses };
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
