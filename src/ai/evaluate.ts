/**
 * Static evaluation of a position that is not over, from the player to move's side, in search units
 * (SCALE per seed). `stores` is the textbook store difference (hard, medium, easy); `tuned` adds the
 * hand-made terms of the previous expert, with weights per ruleset family; `fitted` adds the terms
 * fitted per ruleset by `npm run -s tune` (src/bin/tune.ts, data in eval-data.ts; labels: tune-labels.ts).
 *
 * Every house term depends on one house's position (house 1-6 of its owner) and count only, and a term of the
 * opponent's house is the negative of the same term of one's own, so the evaluation is the store
 * difference plus a table lookup per house (a HouseTerms table, built once per search): twelve loads and
 * no branches at each leaf. The fitted terms add a constant for the player to move (TEMPO), and may add
 * two terms of a whole side, also one's own minus the opponent's: the seeds on its row (ROWS) and in its
 * store (STORES); four loads more, zeros where a ruleset's fit has none. And it may add two capture
 * terms (CAPTURES), by the most seeds a sowing of the player to move would capture and the most one of
 * the opponent's would (bestCapture): those cost two passes over the houses, so only a table that holds
 * them (its HAS_CAPTURES entry set) pays for them.
 */
import { type CoreGame, RULESET_IDS, type RulesetId } from "../engine/internal.ts";
import { FITTED_TERMS } from "./eval-data.ts";

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

export type Evaluation = "stores" | "tuned" | "fitted";

export const OWARE_WEIGHTS: EvalWeights = { mobility: 2, exposed: 2, lapping: 4, kayThreat: 0 };
export const HAITI_WEIGHTS: EvalWeights = { mobility: 1, exposed: 0, lapping: 0, kayThreat: 6 };
/**
 * Caribbean (a grand slam captures and moves again) rewards the position terms twice as much: a
 * self-play match of the expert with these against OWARE_WEIGHTS, 30,000 nodes a move, 12 openings of
 * two random plies each played with both colours, scored 18/24 (75%). The same doubling scored 3 to
 * 5 of 8 (even) in the other Oware rulesets and 3/8 in haiti with doubled haiti terms (docs/ai.md, "The evaluation").
 */
export const CARIBBEAN_WEIGHTS: EvalWeights = { mobility: 4, exposed: 4, lapping: 8, kayThreat: 0 };

/**
 * The rulesets whose expert uses the fitted terms (any other would keep the hand-made ones), all six: in
 * each group the fitted evaluation won its match against the hand-made one at equal time, everything else equal
 * (50 ms a move, endgame tables on both sides, 48 games a group: +322 Elo [+214, +529] in abapa, wari
 * and caribbean, +280 [+182, +439] in speightstown and bridgetown, +191 [+114, +290] in haiti; per
 * ruleset in docs/benchmarks.md, "AI"). The terms are now fitted on search labels (tune --labels search),
 * which beat the terms fitted on game results at equal nodes in each group (+41, +51, +115 Elo).
 */
const FITTED_RULESETS: ReadonlySet<RulesetId> = new Set<RulesetId>(RULESET_IDS);

/** The expert's evaluation for a ruleset. */
export function expertEvaluation(ruleset: RulesetId): "fitted" | "tuned" {
  return FITTED_RULESETS.has(ruleset) ? "fitted" : "tuned";
}

/** The previous release's hand-made weights for a ruleset (the expert's where expertEvaluation is "tuned"). */
export function tunedWeights(ruleset: RulesetId): EvalWeights {
  return ruleset === "haiti" ? HAITI_WEIGHTS : ruleset === "caribbean" ? CARIBBEAN_WEIGHTS : OWARE_WEIGHTS;
}

/** A house's count can reach every seed of the game. */
export const COUNTS = 49;
/**
 * houseTerms layout: (house - 1) * COUNTS + count for the six houses, then the player to move's constant,
 * then a term per row total (ROWS + seeds on a side's houses) and per store (STORES + seeds stored).
 */
export const TEMPO = 6 * COUNTS;
export const ROWS = TEMPO + 1;
export const STORES = ROWS + COUNTS;
/**
 * Then the capture terms: CAPTURES + g for the player to move's best capture of g seeds, THREATS + g for
 * the opponent's (captures above CAPTURE_CAP pooled), and HAS_CAPTURES, 1 when the fit has them.
 */
export const CAPTURE_CAP = 8;
export const CAPTURES = STORES + COUNTS;
export const THREATS = CAPTURES + CAPTURE_CAP + 1;
const HAS_CAPTURES = THREATS + CAPTURE_CAP + 1;
const TERMS = HAS_CAPTURES + 1;

/**
 * The fitted terms of one ruleset, in search units: `houses[h][c]` is the value of one's own house h + 1
 * holding c seeds (counts above the last entry take the last entry's value), `tempo` the value of being
 * the player to move.
 */
export interface FittedTerms {
  readonly tempo: number;
  readonly houses: readonly (readonly number[])[];
  /** `rows[t]`: a side's houses holding t seeds together (above the last entry, its value); none: 0. */
  readonly rows?: readonly number[];
  /** `stores[s]`: a side's store holding s seeds, beyond the store difference (likewise). */
  readonly stores?: readonly number[];
  /**
   * `captures[g]`: the player to move can capture g seeds with one sowing (bestCapture; g above the last
   * entry, its value), `threats[g]`: the opponent could, were it to move. Both or neither; none: not computed.
   */
  readonly captures?: readonly number[];
  readonly threats?: readonly number[];
}

/** The value of one own house holding `count` seeds (an opponent's house counts the negative). */
export function houseTerm(count: number, w: EvalWeights): number {
  return (
    (count > 0 ? w.mobility : 0) -
    (count === 1 || count === 2 ? w.exposed : 0) +
    (count >= 12 ? w.lapping : 0) -
    (count === 3 ? w.kayThreat : 0)
  );
}

/**
 * The lookup table of one search's evaluation (layout at TEMPO): houseTerm of every count in every house
 * for `tuned`, the ruleset's fitted terms for `fitted` (`fittedTerms` instead of eval-data.ts's: a
 * candidate fit that bench:ai plays against the committed one), all zeros for the store difference.
 */
export function houseTerms(
  evaluation: Evaluation,
  w: EvalWeights,
  ruleset: RulesetId,
  fittedTerms?: FittedTerms,
): Int32Array {
  const terms = new Int32Array(TERMS);
  if (evaluation === "tuned") {
    for (let h = 0; h < 6; h++) for (let c = 0; c < COUNTS; c++) terms[h * COUNTS + c] = houseTerm(c, w);
  } else if (evaluation === "fitted") {
    const fitted = fittedTerms ?? FITTED_TERMS[ruleset];
    // `length` terms from `from` on; counts past the row's end take its last value, no row leaves zeros.
    const fill = (from: number, row: readonly number[] | undefined, length = COUNTS) => {
      if (row) for (let c = 0; c < length; c++) terms[from + c] = row[Math.min(c, row.length - 1)];
    };
    for (let h = 0; h < 6; h++) fill(h * COUNTS, fitted.houses[h]);
    terms[TEMPO] = fitted.tempo;
    fill(ROWS, fitted.rows);
    fill(STORES, fitted.stores);
    if (fitted.captures && fitted.threats) {
      fill(CAPTURES, fitted.captures, CAPTURE_CAP + 1);
      fill(THREATS, fitted.threats, CAPTURE_CAP + 1);
      terms[HAS_CAPTURES] = 1;
    }
  }
  return terms;
}

/**
 * The seeds a sowing from pit `origin` (of the player whose row starts at `own`: 0 South, 6 North) would
 * capture by the Oware rule: the last seed's house and the run of the opponent's houses before it that
 * then hold 2 or 3. Only a sowing of 1 to 11 seeds is read (each house on its way gets one seed); others
 * give 0. The grand slam's ruleset rules and the rule that a sowing must feed an empty row are not read:
 * this is a feature of the evaluation, not the rules (those are the core's).
 */
export function sowingCapture(pits: ArrayLike<number>, origin: number, own: number): number {
  const opponent = 6 - own;
  // The last seed's pit, when a sowing of fewer than 12 seeds ends in the opponent's row: South's sowings
  // reach it without passing pit 11, North's only after it. Any other count (none, 12 or more, a sowing
  // that stays at home) lands outside the row, so the range is the only test: this runs at every leaf.
  let pit = origin + pits[origin] - (own === 0 ? 0 : 12);
  if (pit < opponent || pit > opponent + 5) return 0;
  let gain = 0;
  for (; pit >= opponent; pit--) {
    const count = pits[pit];
    if (count !== 1 && count !== 2) break;
    gain += count + 1;
  }
  return gain;
}

/** The most seeds one sowing of `mover` (0 South, 1 North) would capture (sowingCapture), at most CAPTURE_CAP. */
export function bestCapture(pits: ArrayLike<number>, mover: number): number {
  const own = mover * 6;
  let best = 0;
  for (let origin = own; origin < own + 6; origin++) {
    const gain = sowingCapture(pits, origin, own);
    if (gain > best) best = gain;
  }
  return Math.min(best, CAPTURE_CAP);
}

export function storeDifference(game: CoreGame): number {
  const me = game.toMove;
  return (game.stores[me] - game.stores[1 - me]) * SCALE;
}

/** The tuned or fitted evaluation through a houseTerms table (pits 0-5 are South's houses 1-6, 6-11 North's). */
export function tableEvaluation(game: CoreGame, terms: Int32Array): number {
  const p = game.pits;
  const st = game.stores;
  const south =
    terms[p[0]] +
    terms[COUNTS + p[1]] +
    terms[2 * COUNTS + p[2]] +
    terms[3 * COUNTS + p[3]] +
    terms[4 * COUNTS + p[4]] +
    terms[5 * COUNTS + p[5]] +
    terms[ROWS + p[0] + p[1] + p[2] + p[3] + p[4] + p[5]] +
    terms[STORES + st[0]];
  const north =
    terms[p[6]] +
    terms[COUNTS + p[7]] +
    terms[2 * COUNTS + p[8]] +
    terms[3 * COUNTS + p[9]] +
    terms[4 * COUNTS + p[10]] +
    terms[5 * COUNTS + p[11]] +
    terms[ROWS + p[6] + p[7] + p[8] + p[9] + p[10] + p[11]] +
    terms[STORES + st[1]];
  const s = south - north;
  const me = game.toMove;
  const value = terms[TEMPO] + (me === 0 ? (st[0] - st[1]) * SCALE + s : (st[1] - st[0]) * SCALE - s);
  if (terms[HAS_CAPTURES] === 0) return value;
  return value + terms[CAPTURES + bestCapture(p, me)] + terms[THREATS + bestCapture(p, 1 - me)];
}
