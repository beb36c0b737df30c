/**
 * The opening book (docs/ai.md, "The opening book"): for the first plies from the standard start, the
 * moves that a deep search found within BOOK_MARGIN of the best, per ruleset. Built by `npm run -s book`
 * (src/bin/book.ts) from self-play, reproducibly from a seed, into book-data.ts. Nickar's own expert moves
 * pick one of them at random, so that its games do not all open alike; hints and analyses search.
 */
import { CoreGame, RULESET_IDS, type RulesetId, START_POSITION } from "../engine/internal.ts";
import { BOOK } from "./book-data.ts";
import { expertEvaluation } from "./evaluate.ts";
import { nodeBoundedSearch } from "./search.ts";

/** Moves scoring within this many search units (an eighth of a seed each) of the best are near-equal. */
export const BOOK_MARGIN = 4;

/** A ruleset's book: the move list from the start (houses as digits, "" for the start) → its moves, best first. */
export type RulesetBook = Readonly<Record<string, readonly number[]>>;
export type OpeningBook = Readonly<Record<RulesetId, RulesetBook>>;

/** The book's moves after `moves` from the standard start, or undefined when the position is not in it. */
export function bookMoves(ruleset: RulesetId, moves: readonly number[]): readonly number[] | undefined {
  return (BOOK as OpeningBook)[ruleset]?.[moves.join("")];
}

export interface BookOptions {
  readonly seed: number;
  /** Self-play games per ruleset. */
  readonly games: number;
  /** Plies from the start each game follows the book for. */
  readonly plies: number;
  /** Nodes of the search of each position (every root move scored with a full window). */
  readonly nodes: number;
  /**
   * Every position after at most this many plies from the start, whatever either side played, is in the
   * book (0: only the self-play lines). 3 covers the second player's first two moves after any opening:
   * self-play lines alone reach few of them, since an opponent who leaves the book's line takes the
   * book's player out of it.
   */
  readonly wide?: number;
}

/**
 * Builds a ruleset's book: every position of the first `wide` plies, then `games` self-play games of
 * `plies` plies from the start, each position searched once (node-bounded, so the same seed gives the
 * same book on any machine) and a move drawn among its near-equal ones by a PRNG seeded from `seed` and
 * the ruleset.
 */
export function buildBook(
  ruleset: RulesetId,
  options: BookOptions,
  seededRandom: (seed: number) => () => number,
): RulesetBook {
  const rand = seededRandom(options.seed * 1009 + RULESET_IDS.indexOf(ruleset));
  const book: Record<string, number[]> = {};
  let level: number[][] = [[]];
  for (let ply = 0; ply <= (options.wide ?? 0); ply++) {
    const next: number[][] = [];
    for (const moves of level) {
      const game = CoreGame.fromPosition(ruleset, START_POSITION);
      for (const house of moves) game.play(house);
      if (game.over) continue;
      book[moves.join("")] ??= nearBest(game, options.nodes);
      for (const house of game.legalHouses()) next.push([...moves, house]);
    }
    level = next;
  }
  for (let g = 0; g < options.games; g++) {
    const game = CoreGame.fromPosition(ruleset, START_POSITION);
    const moves: number[] = [];
    while (moves.length < options.plies && !game.over) {
      const key = moves.join("");
      book[key] ??= nearBest(game, options.nodes);
      const choices = book[key];
      const house = choices[Math.floor(rand() * choices.length)];
      game.play(house);
      moves.push(house);
    }
  }
  return book;
}

/**
 * The moves within BOOK_MARGIN of the best by a search scoring every root move with the expert's
 * evaluation, best first.
 */
function nearBest(game: CoreGame, nodes: number): number[] {
  const outcome = nodeBoundedSearch(game, nodes, true, expertEvaluation(game.ruleset));
  const scored = outcome.rootMoveScores
    .map((score, i) => ({ house: i + 1, score }))
    .filter((m) => game.legalMask() & (1 << (m.house - 1)));
  const best = Math.max(...scored.map((m) => m.score));
  return scored
    .filter((m) => m.score >= best - BOOK_MARGIN)
    .sort((a, b) => b.score - a.score || a.house - b.house)
    .map((m) => m.house);
}
