/**
 * What the endgame table says of a position itself (docs/ai.md, "Endgame tables"): the result with
 * best play when the table decides it, and the final score of a line of best play when the table's
 * bounds meet. The analysis shows it ("won endgame, 26-22 with best play"), and so does a hint.
 *
 * Decided only from a position reached by a capture (or the game's start position): no earlier position
 * can then recur, so the table's bounds hold under the full repetition rule (endgame.ts says why).
 * The result is decided when the bounds leave one answer: the player to move's store difference plus
 * `lo` above 0 is a win, plus `hi` below 0 a loss, and both 0 a draw.
 *
 * The score comes from a line of best play (bestLine): moves that keep the position's exact value (one
 * exists wherever the bounds meet, by the minimax equations the table satisfies), played on a copy of
 * the game with the engine's own rules and history. The line is kept only if it ends the game with the
 * result the table decided; else only the result is given. The game stops where its ruleset ends it
 * (in the Oware family most often when a store reaches 25, seeds left on the board going to nobody but
 * in bridgetown), so the score is where that game of best play ends.
 */
import type { CoreGame, Player } from "../engine/internal.ts";
import { boardIndex, type EndgameTable, installedTable } from "./endgame.ts";
import type { EndgameVerdict } from "./types.ts";

/** The board's seeds. */
function onBoard(game: CoreGame): number {
  return game.seedsOnSide(0) + game.seedsOnSide(1);
}

/** The table's bounds at `game`, from the player to move's side, or null when the board is not in it. */
function bounds(game: CoreGame, table: EndgameTable): { lo: number; hi: number } | null {
  const seeds = onBoard(game);
  if (seeds > table.seeds) return null;
  const i = boardIndex(game.pits, game.toMove, seeds);
  return { lo: table.lo[i], hi: table.hi[i] };
}

/** The position was reached by a capture, or is where the game's record starts: nothing before it can recur. */
function historyCannotRecur(game: CoreGame): boolean {
  return game.historyLength - game.historyStart <= 1;
}

/** The verdict at `game` (not over) with this thread's table for its ruleset, or null when it decides nothing. */
export function endgameVerdict(game: CoreGame, table = installedTable(game.ruleset)): EndgameVerdict | null {
  if (!table || game.over || !historyCannotRecur(game)) return null;
  const b = bounds(game, table);
  if (!b) return null;
  const me = game.toMove;
  const lead = game.stores[me] - game.stores[1 - me];
  const winner =
    lead + b.lo > 0
      ? me
      : lead + b.hi < 0
        ? ((1 - me) as Player)
        : lead + b.lo === 0 && lead + b.hi === 0
          ? null
          : undefined;
  if (winner === undefined) return null;
  if (b.lo !== b.hi) return { winner };
  const end = bestLine(game, table);
  if (!end || end.winner !== winner) return { winner };
  return { winner, stores: [end.stores[0], end.stores[1]] };
}

/** The position's key on the line: its pits and the player to move. */
function keyOf(game: CoreGame): string {
  return `${game.toMove}:${game.pits.join(",")}`;
}

/** The value (gain difference from here on, for the player to move at `from`) a move reaches, or null if not exact. */
function valueThrough(from: CoreGame, child: CoreGame, table: EndgameTable): number | null {
  const me = from.toMove;
  const gain = child.stores[me] - from.stores[me] - (child.stores[1 - me] - from.stores[1 - me]);
  if (child.over) return gain;
  const b = bounds(child, table);
  if (!b || b.lo !== b.hi) return null;
  return child.toMove === me ? gain + b.lo : gain - b.lo;
}

/** The search for a line of best play gives up after visiting this many positions (it rarely needs 100). */
const MAX_VISITS = 20_000;

/**
 * The game where a line of best play from `start` ends, or null when none was found. The line is
 * looked for on a copy whose stores start at 0, as the table was built (so no store reaches 25 there):
 * a depth-first search over the moves that keep the position's exact value, captures first, each
 * position visited once. Greedy choice is not enough: inside a capture-free stretch many moves keep
 * the value and some only lead round in a circle, which is what the forcing strategies behind the
 * table never do. The line found is then played on the real game, which ends where the ruleset ends
 * it (at 25 seeds, most often); no position repeats on it, so no cycle ends it.
 */
function bestLine(start: CoreGame, table: EndgameTable): CoreGame | null {
  const zero = start.clone();
  zero.stores[0] = 0;
  zero.stores[1] = 0;
  const visited = new Set([keyOf(zero)]);
  // Each frame: a position on the line and the moves from it still to try.
  const stack: { game: CoreGame; moves: number[] }[] = [{ game: zero, moves: keepingMoves(zero, table) }];
  const line: number[] = [];
  while (stack.length > 0 && visited.size < MAX_VISITS) {
    const frame = stack[stack.length - 1];
    const house = frame.moves.shift();
    if (house === undefined) {
      stack.pop();
      line.pop();
      continue;
    }
    const child = frame.game.clone();
    child.play(house);
    const key = keyOf(child);
    if (visited.has(key)) continue;
    visited.add(key);
    line.push(house);
    if (child.over) return playedOut(start, line);
    stack.push({ game: child, moves: keepingMoves(child, table) });
  }
  return null;
}

/** The moves from `game` that keep its exact value (the table's, for the player to move), captures first. */
function keepingMoves(game: CoreGame, table: EndgameTable): number[] {
  const b = bounds(game, table);
  if (!b || b.lo !== b.hi) return [];
  const captures: number[] = [];
  const others: number[] = [];
  for (const house of game.legalHouses()) {
    const child = game.clone();
    child.play(house);
    if (valueThrough(game, child, table) !== b.lo) continue;
    (onBoard(child) < onBoard(game) ? captures : others).push(house);
  }
  return [...captures, ...others];
}

/** `start` with the line played until the game ends (possibly before the line does). */
function playedOut(start: CoreGame, line: readonly number[]): CoreGame | null {
  const real = start.clone();
  for (const house of line) {
    if (real.over) break;
    real.play(house);
  }
  return real.over ? real : null;
}
