/**
 * Static evaluation of a position that is not over, from the player to move's side, in search units
 * (SCALE per seed). `stores` is the textbook store difference (hard, medium, easy); `tuned` adds the
 * terms of the expert level, with weights per ruleset family.
 */
import type { CoreGame } from "../engine/internal.ts";

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

export function storeDifference(game: CoreGame): number {
  const me = game.toMove;
  return (game.stores[me] - game.stores[1 - me]) * SCALE;
}

export function tunedEvaluation(game: CoreGame, w: EvalWeights): number {
  const pits = game.pits;
  const me = game.toMove;
  const own = me * 6;
  const opp = 6 - own;
  let mobility = 0;
  let exposed = 0;
  let lapping = 0;
  let kay = 0;
  for (let i = 0; i < 6; i++) {
    const a = pits[own + i];
    const b = pits[opp + i];
    mobility += (a > 0 ? 1 : 0) - (b > 0 ? 1 : 0);
    exposed += (a === 1 || a === 2 ? 1 : 0) - (b === 1 || b === 2 ? 1 : 0);
    lapping += (a >= 12 ? 1 : 0) - (b >= 12 ? 1 : 0);
    kay += (b === 3 ? 1 : 0) - (a === 3 ? 1 : 0);
  }
  return (
    (game.stores[me] - game.stores[1 - me]) * SCALE +
    w.mobility * mobility -
    w.exposed * exposed +
    w.lapping * lapping +
    w.kayThreat * kay
  );
}
