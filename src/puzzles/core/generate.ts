/**
 * The starter set (docs/puzzles.md, "The starter set"): Nickar's games against itself at uneven
 * strengths, each mined with findPuzzles, until enough puzzles. Everything is drawn from the seed and
 * every search is bounded by nodes, so the same seed, ruleset and count give the same puzzles.
 */
import { think } from "../../ai/think.ts";
import type { Level } from "../../ai/types.ts";
import {
  CoreGame,
  formatPosition,
  RULESET_IDS,
  type RulesetId,
  START_POSITION,
  seededRandom,
} from "../../engine/internal.ts";
import { type FindResult, findPuzzles } from "./find.ts";
import type { Puzzle } from "./types.ts";

/** The stronger side: the expert with this node budget a move (thousands: the request's `ms`). */
export const STRONG_MS = 20;
/** The weaker side of a game, drawn per game: easy (noisy 2 plies), medium (4 plies), or the expert with 2,000 nodes. */
const WEAK: readonly { readonly level: Level; readonly ms: number; readonly weight: number }[] = [
  { level: "easy", ms: 300, weight: 0.4 },
  { level: "medium", ms: 500, weight: 0.35 },
  { level: "expert", ms: 2, weight: 0.25 },
];
/** Random plies at the start of each game, for variety (1 to this many). */
const OPENING_PLIES = 4;
/** A game longer than this is cut (the cycle rule ends every game, but it can take long). */
const MAX_PLIES = 300;

/** The seed of game `index` of a generation (each ruleset plays other games from the same seed). */
function gameSeed(seed: number, ruleset: RulesetId, index: number): number {
  const r = RULESET_IDS.indexOf(ruleset) + 1;
  return (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b) ^ Math.imul(r, 0xc2b2ae35)) >>> 0;
}

export interface SelfPlayGame {
  readonly moves: readonly number[];
  /** The random plies it started with (not mined: a puzzle's mistake is a level's move). */
  readonly opening: number;
  /** Which player (0 South, 1 North) was the weaker side, and its level. */
  readonly weak: { readonly player: 0 | 1; readonly level: Level; readonly ms: number };
}

/** Game `index` of a generation from `seed`: a few random plies, then the expert against a weaker level. */
export function selfPlayGame(ruleset: RulesetId, seed: number, index: number): SelfPlayGame {
  const rand = seededRandom(gameSeed(seed, ruleset, index));
  const pick = rand();
  let weakSide = WEAK[WEAK.length - 1];
  for (let i = 0, acc = 0; i < WEAK.length; i++) {
    acc += WEAK[i].weight;
    if (pick < acc) {
      weakSide = WEAK[i];
      break;
    }
  }
  const weak = { player: (index % 2) as 0 | 1, level: weakSide.level, ms: weakSide.ms };
  const game = CoreGame.fromPosition(ruleset, START_POSITION);
  const moves: number[] = [];
  const opening = 1 + Math.floor(rand() * OPENING_PLIES);
  while (!game.over && moves.length < MAX_PLIES) {
    let move: number;
    if (moves.length < opening) {
      const legal = game.legalHouses();
      move = legal[Math.floor(rand() * legal.length)];
    } else {
      const isWeak = game.toMove === weak.player;
      // The hand-made evaluation and plain search the shipped starter set was generated with (its
      // verification uses them too), so that the same seed still gives the same puzzles: the expert's own
      // evaluation is fitted, its search reduced, and it plays moves from iterations cut short (docs/ai.md).
      const previousExpert = { evaluation: "tuned", search: "plain", iterations: "completed" } as const;
      move = think(
        {
          ruleset,
          moves,
          level: isWeak ? weak.level : "expert",
          ms: isWeak ? weak.ms : STRONG_MS,
          seed: Math.floor(rand() * 2 ** 31),
        },
        undefined,
        undefined,
        previousExpert,
      ).best;
    }
    game.play(move);
    moves.push(move);
  }
  return { moves, opening, weak };
}

export interface GenerateOptions {
  readonly ruleset: RulesetId;
  readonly seed: number;
  readonly count: number;
  /** Stop after this many games even when short of count (default: no limit). */
  readonly maxGames?: number;
  /** Called with each puzzle kept, in order (so that a long generation can be written as it goes). */
  readonly onPuzzle?: (puzzle: Puzzle) => void;
  /** Called after each game is mined. */
  readonly onGame?: (report: GameReport) => void;
  readonly scanNodes?: number;
  readonly verifyNodes?: number;
}

export interface GameReport {
  readonly index: number;
  readonly plies: number;
  readonly found: FindResult;
  /** Puzzles kept from this game (new ids and positions). */
  readonly kept: number;
  readonly total: number;
  readonly ms: number;
}

export interface Generation {
  readonly puzzles: Puzzle[];
  readonly games: number;
  /** Nodes searched in mining (not in playing the games). */
  readonly nodes: number;
  readonly ms: number;
}

/** Game `index` of a generation, played and mined (in this thread, or in a pool's: generate-worker.ts). */
export interface MinedGame {
  readonly index: number;
  readonly moves: readonly number[];
  readonly found: FindResult;
  readonly ms: number;
}

export interface MineGameOptions {
  readonly scanNodes?: number;
  readonly verifyNodes?: number;
  /** Candidates to leave out (positions already kept): saves their verification, changes no result. */
  readonly skip?: (moves: readonly number[]) => boolean;
}

export function mineGame(ruleset: RulesetId, seed: number, index: number, options: MineGameOptions = {}): MinedGame {
  const t = performance.now();
  const { moves, opening } = selfPlayGame(ruleset, seed, index);
  const found = findPuzzles(ruleset, moves, {
    source: { kind: "starter", seed },
    scanNodes: options.scanNodes,
    verifyNodes: options.verifyNodes,
    skip: options.skip,
    fromPly: opening,
  });
  return { index, moves, found, ms: performance.now() - t };
}

/**
 * Keeps the puzzles of mined games taken in game order: each new by id and by position, until `count`
 * (the last game's extra puzzles are dropped). Whatever thread mined a game, the same games give the
 * same puzzles.
 */
class Keeper {
  readonly puzzles: Puzzle[] = [];
  private readonly ids = new Set<string>();
  readonly positions = new Set<string>();
  nodes = 0;
  games = 0;

  constructor(private readonly options: GenerateOptions) {}

  get done(): boolean {
    return (
      this.puzzles.length >= this.options.count || this.games >= (this.options.maxGames ?? Number.POSITIVE_INFINITY)
    );
  }

  positionOf(moves: readonly number[]): string {
    const game = CoreGame.fromPosition(this.options.ruleset, START_POSITION);
    for (const m of moves) game.play(m);
    return formatPosition(game.position());
  }

  add(mined: MinedGame): void {
    this.games++;
    this.nodes += mined.found.nodes;
    let kept = 0;
    for (const puzzle of mined.found.puzzles) {
      const position = this.positionOf(puzzle.moves);
      if (this.puzzles.length >= this.options.count || this.ids.has(puzzle.id) || this.positions.has(position))
        continue;
      this.ids.add(puzzle.id);
      this.positions.add(position);
      this.puzzles.push(puzzle);
      this.options.onPuzzle?.(puzzle);
      kept++;
    }
    this.options.onGame?.({
      index: mined.index,
      plies: mined.moves.length,
      found: mined.found,
      kept,
      total: this.puzzles.length,
      ms: mined.ms,
    });
  }
}

/** Runs one game of a generation somewhere (a pool's thread): game `index`, played and mined. */
export type MineGameRunner = (index: number) => Promise<MinedGame>;

/**
 * Plays and mines games 0, 1, 2, … of `seed` until `count` puzzles, with `parallel` games in flight at
 * once (each run by `run`, e.g. in the AI pool's threads: generate-worker.ts), taken in game order: the
 * same puzzles whatever `parallel` is, in less time on more cores. The games still in flight when `count`
 * is reached are waited for and dropped.
 */
export async function generatePuzzlesWith(
  options: GenerateOptions,
  run: MineGameRunner,
  parallel: number,
): Promise<Generation> {
  const started = performance.now();
  const keeper = new Keeper(options);
  const limit = options.maxGames ?? Number.POSITIVE_INFINITY;
  const inFlight: Promise<MinedGame>[] = [];
  let next = 0;
  while (!keeper.done) {
    while (inFlight.length < Math.max(1, parallel) && next < limit) inFlight.push(run(next++));
    const first = inFlight.shift();
    if (!first) break;
    keeper.add(await first);
  }
  await Promise.allSettled(inFlight);
  return { puzzles: keeper.puzzles, games: keeper.games, nodes: keeper.nodes, ms: performance.now() - started };
}
