/**
 * Search labels for the evaluation's fit (`npm run -s tune -- --labels search`, docs/ai.md, "The
 * evaluation"): a game's result says who won a game of fast self-play, long after the position and
 * through many mistakes; a deeper search of the position itself, with the endgame tables where its
 * lines reach them, says more about the position. Each sampled position is searched by the expert
 * (this release's evaluation and search, the tables installed on this thread), node-bounded and seeded:
 * the same positions give the same labels on any machine.
 *
 * A search's score s (seeds) becomes a probability of winning through the scale k that best predicts
 * the games' results from the scores (texel.ts, fitScale), so that the labels are in the same units as
 * the results they replace: label = λ · result + (1 − λ) · σ(k · s). A proven win is 1, a proven loss 0.
 */
import type { Position, RulesetId } from "../engine/internal.ts";
import { fitScale } from "./texel.ts";
import { think } from "./think.ts";
import type { LabelledPosition } from "./tune-positions.ts";
import { isDecisive, NODES_PER_MS } from "./types.ts";

export interface SearchLabelOptions {
  /** Nodes of each position's search. */
  readonly nodes: number;
  /** The weight λ of the game's result in the label (0: the search alone). */
  readonly lambda: number;
}

/** Seeds on the board and in the stores together. */
const SEEDS = 48;

/**
 * The position of a sampled one, with its player to move as South (the search is mirror-exact): the
 * stores follow from the store difference and the seeds on the board. No repetition history.
 */
export function samplePosition(p: LabelledPosition): Position {
  const pits = [...p.own, ...p.opponent];
  const stored = SEEDS - pits.reduce((a, b) => a + b, 0);
  return { pits, stores: [(stored + p.storeDifference) / 2, (stored - p.storeDifference) / 2], toMove: 0 };
}

/** The expert's score of each position in seeds, ±Infinity for a proven win or loss. */
export function searchScores(ruleset: RulesetId, positions: readonly LabelledPosition[], nodes: number): number[] {
  return positions.map((p) => {
    const r = think({
      ruleset,
      start: samplePosition(p),
      moves: [],
      level: "expert",
      ms: nodes / NODES_PER_MS,
      seed: 1,
    });
    return isDecisive(r.score) ? Math.sign(r.score) * Number.POSITIVE_INFINITY : r.score;
  });
}

/** The scale k of σ(k · s) that best predicts the results from the scores (proven ones left out). */
export function scoreScale(positions: readonly LabelledPosition[], scores: readonly number[]): number {
  const scored = positions.map((p, i) => ({ ...p, score: scores[i] })).filter((p) => Number.isFinite(p.score));
  return fitScale(scored, (p) => (p as (typeof scored)[number]).score);
}

/** The positions with their labels blended from the scores (see the file comment). */
export function blendLabels(
  positions: readonly LabelledPosition[],
  scores: readonly number[],
  k: number,
  lambda: number,
): LabelledPosition[] {
  return positions.map((p, i) => {
    const searched = 1 / (1 + Math.exp(-k * scores[i]));
    return { ...p, result: lambda * p.result + (1 - lambda) * searched };
  });
}

/** searchScores, scoreScale and blendLabels in one: the positions labelled by search. */
export function searchLabelled(
  ruleset: RulesetId,
  positions: readonly LabelledPosition[],
  options: SearchLabelOptions,
): { positions: LabelledPosition[]; k: number } {
  const scores = searchScores(ruleset, positions, options.nodes);
  const k = scoreScale(positions, scores);
  return { positions: blendLabels(positions, scores, k, options.lambda), k };
}
