/**
 * Static evaluation of a position that is not over, from the player to move's side, in search units
 * (SCALE per seed). `stores` is the textbook store difference (hard, medium, easy); `tuned` adds the
 * terms of the expert level, with weights per ruleset family.
 *
 * Every tuned term depends on one house's count only, and a term of the opponent's house is the negative
 * of the same term of one's own, so the evaluation is the store difference plus a table lookup per house
 * (houseTerms, built once per search): twelve loads and no branches at each leaf.
 */
import type { CoreGame, RulesetId } from "../engine/internal.ts";

/** Search units per seed: evaluation terms worth a fraction of a seed stay integers. */
export const SCALE = 8;

export interface EvalWeights {
  /** Per non-empty house more than the opponent (mobility). */
  readonly mobility: number;
  /** Per own house holding 1 or 2 seeds (exposed: a seed landing there makes a capture) more than the opponent. */
  readonly exposed: number;
  /** Per own house holding 12 or more seeds (it laps the board and can capture along the opponent's row). */
  readonly lapping: number;
  /** haiti: per opponent house holding 3 (a seed ending there makes a Kay) more than own houses holding 3. */
  readonly kayThreat: number;
}

export type Evaluation = "stores" | "tuned";

export const OWARE_WEIGHTS: EvalWeights = { mobility: 2, exposed: 2, lapping: 4, kayThreat: 0 };
export const HAITI_WEIGHTS: EvalWeights = { mobility: 1, exposed: 0, lapping: 0, kayThreat: 6 };
/**
 * Caribbean (a grand slam captures and moves again) rewards the position terms twice as much: a
 * self-play match of the expert with these against OWARE_WEIGHTS, 30,000 nodes a move, 12 openings of
 * two random plies each played with both colours, scored 18/24 (75%). The same doubling scored 3 to
 * 5 of 8 (even) in the other Oware rulesets and 3/8 in haiti with doubled haiti terms (docs/ai.md, "The evaluation").
 */
export const CARIBBEAN_WEIGHTS: EvalWeights = { mobility: 4, exposed: 4, lapping: 8, kayThreat: 0 };

/** The expert's weights for a ruleset. */
export function tunedWeights(ruleset: RulesetId): EvalWeights {
  return ruleset === "haiti" ? HAITI_WEIGHTS : ruleset === "caribbean" ? CARIBBEAN_WEIGHTS : OWARE_WEIGHTS;
}

/** A house's count can reach every seed of the game. */
const COUNTS = 49;

/** The value of one own house holding `count` seeds (an opponent's house counts the negative). */
export function houseTerm(count: number, w: EvalWeights): number {
  return (
    (count > 0 ? w.mobility : 0) -
    (count === 1 || count === 2 ? w.exposed : 0) +
    (count >= 12 ? w.lapping : 0) -
    (count === 3 ? w.kayThreat : 0)
  );
}

/** houseTerm for every count, for one search's weights; all zeros for the store difference. */
export function houseTerms(evaluation: Evaluation, w: EvalWeights): Int32Array {
  const terms = new Int32Array(COUNTS);
  if (evaluation === "tuned") for (let c = 0; c < COUNTS; c++) terms[c] = houseTerm(c, w);
  return terms;
}

export function storeDifference(game: CoreGame): number {
  const me = game.toMove;
  return (game.stores[me] - game.stores[1 - me]) * SCALE;
}

/** The tuned evaluation through a houseTerms table. */
export function tableEvaluation(game: CoreGame, terms: Int32Array): number {
  const p = game.pits;
  const south = terms[p[0]] + terms[p[1]] + terms[p[2]] + terms[p[3]] + terms[p[4]] + terms[p[5]];
  const north = terms[p[6]] + terms[p[7]] + terms[p[8]] + terms[p[9]] + terms[p[10]] + terms[p[11]];
  const s = south - north;
  return game.toMove === 0
    ? (game.stores[0] - game.stores[1]) * SCALE + s
    : (game.stores[1] - game.stores[0]) * SCALE - s;
}
