/**
 * One game of bench:ai's match against the previous release (bench/ai-match.ts), on a piscina thread of
 * its own: an expert with parts A against one with parts B, each thinking in turn on this thread at the
 * same wall-clock time a move, so that the machine's load slows both sides of a game alike.
 */
import { constants, setPriority } from "node:os";
import { type EndgameTable, installTable, uninstallTable } from "../src/ai/endgame.ts";
import { type EndgameOptions, readTable, seedsFor } from "../src/ai/endgame-file.ts";

/** The tables a match plays with: A's as the bot's options say, and B's size when it differs. */
export interface MatchTables extends EndgameOptions {
  readonly seedsB?: number;
}

import type { FittedTerms } from "../src/ai/evaluate.ts";
import { think } from "../src/ai/think.ts";
import { NODES_PER_MS } from "../src/ai/types.ts";
import { CoreGame } from "../src/engine/core.ts";
import { START_POSITION } from "../src/engine/notation.ts";
import type { RulesetId } from "../src/engine/types.ts";

/**
 * The expert's parts a match plays with or without: `tables` (the endgame tables), `book` (the opening
 * book, as Nickar's own moves use it), `eval` (this release's evaluation, else the hand-made terms),
 * `search` (aspiration windows and late-move reductions, the expert's;
 * without the part, the plain search), `buckets` (the hash
 * table's two-entry buckets, SearchConfig.buckets, not the expert's), `twofold` (a repetition inside
 * the search ends the line as a cycle, SearchConfig.twofold: the expert's in wari and caribbean), `cut`
 * (an iteration cut short by the clock gives its move when one beat the previous best, SearchConfig.cutIterations:
 * the expert's), `quiet` (a quiescence search of captures, SearchConfig.quiescence: not the expert's),
 * `kept` (the hash table kept from the player's previous search of the game, ExpertParts.tableLife: the
 * expert's in speightstown, bridgetown and haiti; timed matches only, since a node budget is a seeded
 * search, which starts empty) and `singular` (singular extensions, SearchConfig.singular: not the expert's).
 */
export const PARTS = [
  "tables",
  "book",
  "eval",
  "search",
  "buckets",
  "twofold",
  "cut",
  "quiet",
  "kept",
  "singular",
] as const;
export type Part = (typeof PARTS)[number];

export interface GameTask {
  readonly ruleset: RulesetId;
  /** The plies played before the experts take over. */
  readonly opening: readonly number[];
  readonly aIsSouth: boolean;
  readonly partsA: readonly Part[];
  readonly partsB: readonly Part[];
  readonly ms: number;
  /**
   * Given: each move gets this many nodes instead of `ms` (a seeded request: NODES_PER_MS a millisecond),
   * so that a shared machine's changing load cannot favour either side.
   */
  readonly nodes?: number;
  /**
   * The tables' folder and sizes (A's, per ruleset as the bot's), and B's size when it differs (`seedsB`: a
   * match of table sizes). Built beforehand by the main thread: this thread only reads them.
   */
  readonly tables: MatchTables;
  /** Given: A's fitted terms instead of the committed ones (bench:ai's --eval-a, a candidate fit). */
  readonly fittedTermsA?: FittedTerms;
}

export interface GameResult {
  /** A's points: 1, 0.5 or 0. */
  readonly points: number;
  readonly plies: number;
  /** Still running after MAX_PLIES plies: scored a draw. */
  readonly capped: boolean;
  /** A's table look-ups at positions reached by a capture, and those the table decided. */
  readonly probes: number;
  readonly proofs: number;
}

/** A game still running after this many plies is scored a draw and reported (none has been so far). */
export const MAX_PLIES = 1000;

const tables = new Map<string, EndgameTable>();
function tableOf(task: GameTask, seeds: number): EndgameTable {
  const key = `${task.ruleset}-${seeds}`;
  let table = tables.get(key);
  if (!table) {
    const read = readTable(task.tables.dir, task.ruleset, seeds);
    if (!("table" in read)) throw new Error(`endgame table ${task.ruleset}: ${read.problem}`);
    table = read.table;
    tables.set(key, table);
  }
  return table;
}

export default function playGame(task: GameTask): GameResult {
  const { ruleset, ms } = task;
  const game = CoreGame.fromPosition(ruleset, START_POSITION);
  const moves: number[] = [];
  for (const house of task.opening) {
    game.play(house);
    moves.push(house);
  }
  let probes = 0;
  let proofs = 0;
  while (!game.over && moves.length < MAX_PLIES) {
    const isA = (game.toMove === 0) === task.aIsSouth;
    const parts = new Set(isA ? task.partsA : task.partsB);
    if (parts.has("tables"))
      installTable(
        tableOf(
          task,
          isA ? seedsFor(task.tables, task.ruleset) : (task.tables.seedsB ?? seedsFor(task.tables, task.ruleset)),
        ),
      );
    else uninstallTable(ruleset);
    // A node budget is a seeded request; the seed (the ply) also draws among the book's near-equal moves.
    const budget = task.nodes === undefined ? { ms } : { ms: task.nodes / NODES_PER_MS, seed: moves.length + 1 };
    const r = think({ ruleset, moves, level: "expert", ...budget, book: parts.has("book") }, undefined, undefined, {
      evaluation: parts.has("eval") ? undefined : "tuned",
      search: parts.has("search") ? "reduced" : "plain",
      table: parts.has("buckets") ? "buckets" : "slots",
      repetition: parts.has("twofold") ? "second" : "third",
      iterations: parts.has("cut") ? "cut" : "completed",
      quiescence: parts.has("quiet") ? "captures" : "none",
      tableLife: parts.has("kept") ? "game" : "search",
      extensions: parts.has("singular") ? "singular" : "none",
      ...(isA && task.fittedTermsA && { fittedTerms: task.fittedTermsA }),
    });
    if (isA) {
      probes += r.tableProbes ?? 0;
      proofs += r.tableProofs ?? 0;
    }
    game.play(r.best);
    moves.push(r.best);
  }
  uninstallTable();
  const winner = game.over ? game.winner : null;
  const points = winner === null ? 0.5 : (winner === 0) === task.aIsSouth ? 1 : 0;
  return { points, plies: moves.length, capped: !game.over, probes, proofs };
}

// Below the other sessions' work on a shared machine: both sides of a game are slowed alike.
try {
  setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
} catch {
  // Not allowed here: normal priority.
}
