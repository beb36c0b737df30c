/**
 * A wrong answer explained: the stored refutation of the pressed house (docs/puzzles.md, "Refutations"),
 * the engine's best play after it, in words (the moves, who captures how much, how the game ends when it
 * does) and as points to animate before the solution. A puzzle kept without refutations (mined before
 * they were) says only that the move is not it.
 */
import type { PuzzleRow } from "../../db/schema.ts";
import { moveLetter, type Player } from "../../engine/index.ts";
import { type Translate, term } from "../../i18n/index.ts";
import { SEEDS } from "../../i18n/terms.ts";
import { MARGIN_SEEDS } from "../core/index.ts";
import { type LinePoint, pointsFrom, refutationOf } from "../puzzle-line.ts";

export interface RefutationShown {
  /** The sentences under the header: the move, best play after it, what it wins, how the game ends. */
  readonly lines: readonly string[];
  /** The puzzle's position at the wrong move, then the position after each move of the refutation. */
  readonly points: readonly LinePoint[];
  /** Its moves as letters, the wrong move first ("D c E b"). */
  readonly letters: string;
}

/** What `house`, pressed at `step` of the line `points` (linePoints), runs into; null when none is stored. */
export function shownRefutation(
  puzzle: PuzzleRow,
  points: readonly LinePoint[],
  step: number,
  house: number,
  t: Translate,
): RefutationShown | null {
  const line = refutationOf(puzzle, step, house);
  if (!line) return null;
  const solver: Player = points[0].state.position.toMove;
  const shown = pointsFrom(points[step], line);
  const moves = line.map((h, i) => moveLetter(shown[i].state.position.toMove, h));
  const taken = [0, 0];
  for (const point of shown.slice(1))
    for (const event of point.last!.events) if (event.type === "capture") taken[event.player] += event.total;
  const mine = taken[solver];
  const theirs = taken[1 - solver];
  const out = [
    moves.length > 1
      ? t("puzzle:refutation.line", { move: moves[0], line: moves.slice(1).join(" ") })
      : t("puzzle:refutation.alone", { move: moves[0] }),
  ];
  if (mine + theirs > 0)
    out.push(
      t("puzzle:refutation.took", {
        mine: term(SEEDS, { count: mine }),
        theirs: term(SEEDS, { count: theirs }),
      }),
    );
  const outcome = shown[shown.length - 1].state.outcome;
  if (outcome.over)
    out.push(
      outcome.winner === null
        ? t("puzzle:refutation.draw")
        : t(outcome.winner === solver ? "puzzle:refutation.youWin" : "puzzle:refutation.theyWin"),
    );
  // A line where the wrong move is not behind yet in seeds (a late or positional punishment): the search's verdict.
  else if (mine >= theirs) out.push(t("puzzle:refutation.quiet", { margin: MARGIN_SEEDS }));
  return { lines: out, points: shown, letters: moves.join(" ") };
}
