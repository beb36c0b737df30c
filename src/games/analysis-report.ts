/**
 * What an analysis says about a game, computed from the engine's score and best move at each position
 * (stored) and the game's moves. Pure, so a stored analysis is read back instantly and the thresholds
 * can be tested on hand-made numbers.
 *
 * Every score is in seeds of evaluation. A move loses what the position was worth to its player before
 * it (the engine's best) minus what it is worth after it; the engine's own move loses nothing.
 */
import type { EndgameVerdict } from "../ai/index.ts";
import { type GameState, moveLetter, type Player } from "../engine/index.ts";

/** The least evaluation lost (seeds) that marks a move; documented in docs/players.md, "Hints and analysis". */
export const THRESHOLDS = { inaccuracy: 1.5, mistake: 3, blunder: 6 } as const;

export type Mark = keyof typeof THRESHOLDS;
export const MARKS: readonly Mark[] = ["inaccuracy", "mistake", "blunder"];

/**
 * Evaluations are capped at this many seeds either way: a proven win (a decisive score) counts as 20
 * seeds, so throwing away a won game is a blunder and a lost game cannot lose more.
 */
export const EVAL_CAP = 20;

/** The engine's answer for one position: score from the side to move, best move (house 1..6). */
export interface PositionEval {
  readonly score: number;
  readonly best: number;
  readonly depth: number;
  /** The endgame table's verdict on the position, when it decides it (absent in analyses made before). */
  readonly endgame?: EndgameVerdict;
}

export interface PlyReport {
  /** 1-based: the position after this many moves. */
  readonly ply: number;
  readonly player: Player;
  readonly house: number;
  readonly letter: string;
  /** The evaluation after the move, from South's side, capped. */
  readonly evaluation: number;
  /** Evaluation the move gave away (0 when it was the engine's choice). */
  readonly loss: number;
  readonly mark: Mark | null;
  /** The engine's move in the position before (its letter), when that was another move. */
  readonly best: string | null;
}

export interface PlayerSummary {
  readonly moves: number;
  readonly averageLoss: number;
  readonly inaccuracy: number;
  readonly mistake: number;
  readonly blunder: number;
}

export interface AnalysisReport {
  /** From South's side, capped: index k is the position after k moves (0 = the start). */
  readonly evaluations: readonly number[];
  /** Index k: the endgame table's verdict on the position after k moves, or null. */
  readonly endgames: readonly (EndgameVerdict | null)[];
  /** Where the endgame table decided the game's result for good (firstDecided), or null. */
  readonly decided: DecidedEndgame | null;
  readonly plies: readonly PlyReport[];
  readonly summary: readonly [PlayerSummary, PlayerSummary];
}

const cap = (score: number) => Math.max(-EVAL_CAP, Math.min(EVAL_CAP, score));

export function markOf(loss: number): Mark | null {
  for (const mark of [...MARKS].reverse()) if (loss >= THRESHOLDS[mark]) return mark;
  return null;
}

/** How many positions an analysis searches: one before each move, and the last one unless the game ended there. */
export function positionsToSearch(final: GameState): number {
  return final.history.length + (final.outcome.over ? 0 : 1);
}

/**
 * The report of a game whose final state is `final`, from `positions[k]`, the search of the position
 * after k moves (as many as `positionsToSearch`).
 */
export function buildReport(final: GameState, positions: readonly PositionEval[]): AnalysisReport {
  const { history: moves, movers, outcome } = final;
  const n = moves.length;
  if (positions.length < positionsToSearch(final)) throw new Error("the analysis is incomplete");
  // The side to move at position k: who made move k, or at the end the final state's player to move.
  const toMove = (k: number): Player => (k < n ? (movers[k] as Player) : final.position.toMove);
  const evaluations: number[] = [];
  for (let k = 0; k <= n; k++) {
    if (k === n && outcome.over) {
      evaluations.push(outcome.winner === 0 ? EVAL_CAP : outcome.winner === 1 ? -EVAL_CAP : 0);
    } else {
      const s = cap(positions[k].score);
      evaluations.push(toMove(k) === 0 ? s : -s);
    }
  }
  const plies: PlyReport[] = [];
  const totals = [0, 1].map(() => ({ moves: 0, loss: 0, inaccuracy: 0, mistake: 0, blunder: 0 }));
  for (let k = 0; k < n; k++) {
    const player = toMove(k);
    const sign = player === 0 ? 1 : -1;
    const engine = positions[k].best;
    const loss = moves[k] === engine ? 0 : Math.max(0, sign * (evaluations[k] - evaluations[k + 1]));
    const mark = markOf(loss);
    plies.push({
      ply: k + 1,
      player,
      house: moves[k],
      letter: moveLetter(player, moves[k]),
      evaluation: evaluations[k + 1],
      loss,
      mark,
      best: moves[k] === engine ? null : moveLetter(player, engine),
    });
    const t = totals[player];
    t.moves++;
    t.loss += loss;
    if (mark) t[mark]++;
  }
  const summary = totals.map(({ loss, ...t }) => ({ ...t, averageLoss: t.moves ? loss / t.moves : 0 }));
  const endgames = evaluations.map((_, k) => positions[k]?.endgame ?? null);
  const decided = firstDecided(endgames, final);
  return { evaluations, endgames, decided, plies, summary: [summary[0], summary[1]] };
}

export interface DecidedEndgame {
  /** The position after this many moves. */
  readonly ply: number;
  readonly verdict: EndgameVerdict;
}

/**
 * The first position from which the endgame table decided the game's result for good: the verdict at
 * it, and at every later position that has one, is the game's actual result (a decided endgame that a
 * mistake then threw away is not the game's). Null when there is none.
 */
function firstDecided(endgames: readonly (EndgameVerdict | null)[], final: GameState): DecidedEndgame | null {
  if (!final.outcome.over) return null;
  const result = final.outcome.winner;
  let first: DecidedEndgame | null = null;
  endgames.forEach((verdict, ply) => {
    if (!verdict) return;
    if (verdict.winner !== result) first = null;
    else if (!first) first = { ply, verdict };
  });
  return first;
}
