/**
 * One negamax alpha-beta search on the engine's mutable core (one rules implementation: every move,
 * capture, award and game end, cycles included, is the core's own), configured per level: iterative
 * deepening, principal-variation search, a transposition table with Zobrist hashing, move ordering
 * (hash move, captures, killers, history), the store difference or the tuned or fitted evaluation.
 *
 * Scores are from the player to move's side, in search units (SCALE per seed). A finished game scores
 * by the core's own winner: WIN minus the plies to it for a win, 0 for a draw. A player may move twice
 * in a row (Caribbean extra move): the child's score is then not negated.
 *
 * Exactness: a leaf scored by the evaluation (or a table entry that relied on one) is counted; an
 * iteration that counted none searched every line to the end of the game, so its result is the
 * game-theoretic one and deepening stops. In small endgames that is how the expert plays exactly.
 *
 * Over 400 lines, the one module in src that is: most of it is the Searcher class, the search's hot loop
 * with the state every ply shares (the boards per ply, killers and history). The transposition table's
 * layout and replacement went to hash-table.ts (its functions are small enough for V8 to inline); the
 * rest is one loop whose parts read each other's per-ply state, and splitting it further would pass that
 * state through calls on every node.
 */
import type { CoreGame } from "../engine/internal.ts";
import { CoreGame as Core, HISTORY_ENTRY } from "../engine/internal.ts";
import { boardIndex, installedTable } from "./endgame.ts";
import type { Evaluation, EvalWeights, FittedTerms } from "./evaluate.ts";
import { houseTerms, SCALE, storeDifference, tableEvaluation, tunedWeights } from "./evaluate.ts";
import {
  ENTRY,
  emptyTable,
  findEntry,
  gameTable,
  HOUSE_BITS,
  PROVEN_FLAG as PROVEN,
  replaceEntry,
  slotMask,
} from "./hash-table.ts";
import { FRESH, hashCheck, hashPosition, KEY1, KEY2 } from "./zobrist.ts";

/** The deepest line the search follows (plies from the root). */
export const MAX_PLY = 100;

/**
 * The endgame: with at most this many seeds on the board the search aims at a proof (every line to the
 * end of the game), and uses the table from 2 plies above the leaves (ENDGAME_TABLE_DEPTH), so that more
 * proven results are shared. Elsewhere the nodes one to three plies above the leaves, the most numerous,
 * gain less from a probe (mostly a cache miss) than it costs (TABLE_DEPTH). Measured in docs/ai.md.
 */
export const ENDGAME_SEEDS = 14;
const ENDGAME_TABLE_DEPTH = 2;
/**
 * From 4 plies above the leaves rather than 3: 3-8% more nodes a second, 1-2.5% more nodes to a given
 * depth, as fast or faster to it, and even in self-play at equal nodes (35/72, docs/ai.md).
 */
const TABLE_DEPTH = 4;
/** The aspiration window's half-width (search units: 2 seeds) and the first iteration that uses it. */
const ASPIRATION = 2 * SCALE;
const ASPIRATION_FROM = 5;
/** Reductions from this remaining depth and this move index (0-based) on; moves keyed below KILLER are quiet. */
const REDUCE_DEPTH = 3;
const REDUCE_FROM = 2;
const KILLER = (1 << 21) - 1;
/**
 * Singular extensions (SearchConfig.singular): from this remaining depth, with a hash entry of at least
 * depth - SINGULAR_ENTRY_DEPTH; the other moves searched at half depth against its score less the margin.
 */
const SINGULAR_DEPTH = 6;
const SINGULAR_ENTRY_DEPTH = 3;
const SINGULAR_MARGIN = 2 * SCALE;
export const WIN = 1_000_000;
const INF = 2 * WIN;

export interface SearchConfig {
  readonly maxDepth: number;
  /** Transposition table with Zobrist hashing (log2 of its slots), or none. */
  readonly tableBits: number;
  readonly pvs: boolean;
  /** Captures first, killer moves, history heuristic (the hash move comes first whenever there is a table). */
  readonly ordering: boolean;
  readonly evaluation: Evaluation;
  readonly weights: EvalWeights;
  /** With `fitted`: these terms instead of the committed ones (houseTerms). */
  readonly fittedTerms?: FittedTerms;
  /** Every root move searched with a full window, so that each has its exact score (for the easy level's noise). */
  readonly rootScores: boolean;
  /**
   * Use the endgame table installed for the ruleset on this thread (endgame.ts), if any; default true.
   * The levels below expert play without one.
   */
  readonly endgame?: boolean;
  /**
   * Aspiration windows: each iteration from the fifth searches a window of ASPIRATION around the last
   * score first, and the full window only when the score falls outside. Not with rootScores. This and
   * reductions are the expert's `reduced` search, in the rulesets where a match accepted them
   * (think.ts, expertSearch; docs/ai.md, "How the search is fast"); bench:ai's `search` part plays them.
   */
  readonly aspiration?: boolean;
  /**
   * Late-move reductions: below the first two moves, a move with no capture, hash or killer key is
   * searched a ply shallower with a null window first, and at full depth only when it beats alpha.
   */
  readonly reductions?: boolean;
  /**
   * The transposition table in buckets of a depth-preferred and an always-replaced entry (hash-table.ts)
   * instead of one always-replaced entry a slot.
   */
  readonly buckets?: boolean;
  /**
   * A position repeated inside the search (the root's included) ends the line as a cycle at once, scored as
   * the ruleset's cycle (CoreGame.repeatEndsFrom); an evaluation, not a proof. Else a line ends only at the
   * rules' third occurrence.
   */
  readonly twofold?: boolean;
  /**
   * An iteration that the clock or the node budget cuts short still gives its move when one of its root
   * moves beat the previous iteration's best (searched first, so any move that scores above it is better at
   * the deeper depth); else the search gives the last completed iteration's move, the time spent on the
   * cut iteration wasted. Not with rootScores.
   */
  readonly cutIterations?: boolean;
  /**
   * A quiescence search at the horizon, Oware family only: a leaf whose player to move has a capturing
   * sowing (the last seed makes 2 or 3 in an opponent's house) is not scored as it stands but searched on
   * through captures alone, at most this many plies, each side free to stop capturing (the position's own
   * evaluation is a floor: no one must capture). 0 or absent: none.
   */
  readonly quiescence?: number;
  /**
   * Singular extensions: at a node SINGULAR_DEPTH plies or more above the leaves whose hash entry (a lower
   * bound or an exact score, not a proven result, of at least SINGULAR_ENTRY_DEPTH plies less) names a
   * move, the other moves are searched at half the depth with a null window at that score less
   * SINGULAR_MARGIN; when none reaches it, the hash move is the only good one and is searched a ply deeper.
   * Not beyond twice the iteration's depth from the root, so that a line of such moves stays finite.
   */
  readonly singular?: boolean;
}

export interface SearchLimits {
  /** `now()` time to stop at (Infinity: none). */
  readonly deadline: number;
  /** The clock of the deadline (tests pass one that ticks per call, so that time is counted exactly). */
  readonly now: () => number;
  /** Nodes to stop at (Infinity: none). */
  readonly nodeLimit: number;
  /** Set to non-zero by another thread to stop the search. */
  readonly stop?: Int32Array;
}

export interface SearchOutcome {
  readonly best: number;
  /** Search units, from the root player's side. */
  readonly score: number;
  readonly depth: number;
  readonly nodes: number;
  readonly pv: number[];
  /** The result is proven: every line was searched to the end of the game. */
  readonly exact: boolean;
  /**
   * With twofold: the deepest completed iteration met a repetition that the ruleset's cycle award decided
   * (a winner by the seeds each side keeps). A decisive score may then rest on it: the award at a second
   * occurrence is the search's reading, not the rules', so such a score is no proof (think.ts, apiScore).
   */
  readonly cycleAward: boolean;
  /**
   * With cutIterations: the move, score and line come from the iteration the limits cut short (a root move
   * beat the previous best in it); `depth` is still the last completed iteration's.
   */
  readonly cut: boolean;
  /** What ended the search (see StopReason). */
  readonly stop: StopReason;
  /** With rootScores: each legal house's score at the deepest completed iteration (index house - 1), else empty. */
  readonly rootMoveScores: readonly number[];
  /** Endgame table probes: positions looked up, and those whose result the table decided (a proof). */
  readonly tableProbes: number;
  readonly tableProofs: number;
  /** With singular: the moves searched a ply deeper as singular. */
  readonly singularExtensions: number;
}

/**
 * Why a search ended: "time" (a clock check found the deadline passed), "nodes" (the node budget),
 * "abort" (the shared stop flag), "proven" (the result is the game-theoretic one) or "depth" (the
 * level's depth). The limits are checked every CHECK_EVERY nodes, once the first iteration is done.
 */
export type StopReason = "time" | "nodes" | "abort" | "proven" | "depth";
export const CHECK_EVERY = 1024;

/** No value from the endgame table (see endgameProbe). */
const NO_VALUE = 3 * WIN;
/** Total seeds of every ruleset (stores and board): the board holds 48 minus the stores. */
const ALL_SEEDS = 48;
const NO_TABLE = new Int8Array(0);

const EXACT = 1;
const LOWER = 2;
const UPPER = 3;

/**
 * Copies a position and its repetition history without copying the history buffer (see Searcher).
 * The 12 pits go as three 32-bit words (`toPits`, `fromPits`: the games' pitWords).
 */
function copyState(to: CoreGame, from: CoreGame, toPits: Int32Array, fromPits: Int32Array): void {
  toPits[0] = fromPits[0];
  toPits[1] = fromPits[1];
  toPits[2] = fromPits[2];
  to.stores[0] = from.stores[0];
  to.stores[1] = from.stores[1];
  to.toMove = from.toMove;
  to.over = false;
  to.winner = null;
  to.reason = null;
  to.history = from.history;
  to.historyStart = from.historyStart;
  to.historyLength = from.historyLength;
}

/** OWARE_LAST_PIT[origin * 49 + seeds]: the last pit of sowing `origin` by the Oware rule (the origin skipped on every lap). */
const OWARE_LAST_PIT = new Int8Array(12 * 49);
for (let origin = 0; origin < 12; origin++) {
  for (let seeds = 1; seeds < 49; seeds++) {
    OWARE_LAST_PIT[origin * 49 + seeds] = (origin + seeds + Math.floor((seeds - 1) / 11)) % 12;
  }
}

/**
 * The count (1 or 2) in the opponent's house where a sowing of fewer than 12 seeds from `origin` ends, by
 * the Oware rule: a capture of 2 or 3 once sown, if the ruleset's other conditions allow (a grand slam may
 * capture nothing); else 0. Move ordering puts such moves first, and the quiescence search plays only them.
 */
function captureTarget(pits: Uint8Array, origin: number, south: boolean): number {
  const seeds = pits[origin];
  if (seeds === 0 || seeds >= 12) return 0;
  const last = OWARE_LAST_PIT[origin * 49 + seeds];
  const target = pits[last];
  return last < 6 !== south && (target === 1 || target === 2) ? target : 0;
}

export class Searcher {
  /**
   * stack[ply] is the position at that ply of the current line. All of them share the root's history
   * buffer: a position at ply k only reads the history entries below its own length and writes the one
   * at it, and depth-first search overwrites an entry only after leaving every line that read it.
   */
  private readonly stack: CoreGame[] = [];
  /** stack[ply]'s 12 pit bytes seen as three words, for copyState. */
  private readonly pitWords: Int32Array[] = [];
  private readonly moves = new Int8Array((MAX_PLY + 1) * 6);
  private readonly keys = new Int32Array((MAX_PLY + 1) * 6);
  private readonly pvTable = new Int8Array((MAX_PLY + 1) * (MAX_PLY + 1));
  private readonly pvLength = new Int32Array(MAX_PLY + 2);
  private readonly killers = new Int8Array((MAX_PLY + 1) * 2);
  private readonly historyScores = new Int32Array(12);
  private readonly table: Int32Array;
  private readonly ttMask: number;
  private readonly buckets: boolean;
  private nodes = 0;
  private stopped = false;
  private stopReason: StopReason = "depth";
  private canStop = false;
  private limits: SearchLimits = {
    deadline: Number.POSITIVE_INFINITY,
    now: () => performance.now(),
    nodeLimit: Number.POSITIVE_INFINITY,
  };
  /** Leaves scored by the evaluation so far (see the file comment). */
  private heuristic = 0;
  /** Cycle endings met so far: a score that depended on one depends on the path, so it is not stored. */
  private cycles = 0;
  /** Lines ended by a repetition inside the search (twofold) with a winner by the cycle award. */
  private cycleAwards = 0;
  private readonly owareFamily: boolean;
  // The configuration's switches as fields: read at every node.
  private readonly pvs: boolean;
  private readonly ordering: boolean;
  private readonly reductions: boolean;
  private readonly singular: boolean;
  /** SearchConfig.quiescence in the Oware family, else 0. */
  private readonly quiescence: number;
  private readonly useTableAtAll: boolean;
  /** The least remaining depth at which the table is used (see ENDGAME_SEEDS). */
  private readonly tableDepth: number;
  private readonly tuned: boolean;
  /** houseTerms of the evaluation (see evaluate.ts). */
  private readonly terms: Int32Array;
  /** The endgame table's bounds and its seeds (-1: no table). */
  private readonly tableLo: Int8Array = NO_TABLE;
  private readonly tableHi: Int8Array = NO_TABLE;
  private readonly tableSeeds: number = -1;
  private tableProbes = 0;
  private tableProofs = 0;
  private singularExtensions = 0;
  /** The iteration under way: a root move after the first that beat the best so far (0: none), its score and line. */
  private cutBest = 0;
  private cutScore = 0;
  private cutPv: number[] = [];
  /** The iteration under way's depth: singular extensions stop at twice it from the root. */
  private iterationDepth = 0;

  /**
   * `continues`: the game this search continues, for a hash table kept from its player's previous search
   * of it (hash-table.ts, gameTable); without it the table starts empty.
   */
  constructor(
    root: CoreGame,
    private readonly config: SearchConfig,
    continues?: { readonly key: string; readonly moves: readonly number[] },
  ) {
    this.owareFamily = root.mechanics.family === "oware";
    this.pvs = config.pvs;
    this.ordering = config.ordering;
    this.reductions = config.reductions === true && config.ordering;
    this.singular = config.singular === true && config.ordering;
    this.quiescence = this.owareFamily ? (config.quiescence ?? 0) : 0;
    this.useTableAtAll = config.tableBits > 0;
    this.tableDepth = root.seedsOnSide(0) + root.seedsOnSide(1) <= ENDGAME_SEEDS ? ENDGAME_TABLE_DEPTH : TABLE_DEPTH;
    this.tuned = config.evaluation !== "stores";
    this.terms = houseTerms(config.evaluation, config.weights, root.ruleset, config.fittedTerms);
    const endgame = config.endgame !== false ? installedTable(root.ruleset) : undefined;
    if (endgame) {
      this.tableLo = endgame.lo;
      this.tableHi = endgame.hi;
      this.tableSeeds = endgame.seeds;
    }
    // Room in the shared history for the longest line, so that no position of the line reallocates it.
    const base = new Core(root.ruleset);
    base.copyFrom(root);
    const room = new Int32Array((base.historyLength + MAX_PLY + 8) * HISTORY_ENTRY);
    room.set(base.history.subarray(0, base.historyLength * HISTORY_ENTRY));
    base.history = room;
    this.stack.push(base);
    for (let i = 1; i <= MAX_PLY + 1; i++) this.stack.push(new Core(root.ruleset));
    if (config.twofold) for (const game of this.stack) game.repeatEndsFrom = base.historyLength - 1;
    for (const game of this.stack) this.pitWords.push(game.pitWords);
    this.table = continues ? gameTable(config.tableBits, continues.key, continues.moves) : emptyTable(config.tableBits);
    this.buckets = config.buckets === true;
    this.ttMask = slotMask(config.tableBits, this.buckets);
  }

  run(limits: SearchLimits): SearchOutcome {
    this.limits = limits;
    const root = this.stack[0];
    const mask = root.legalMask();
    if (mask === 0) throw new Error("the game is over: there is no move to search");
    const rootMoves: number[] = [];
    for (let h = 0; h < 6; h++) if (mask & (1 << h)) rootMoves.push(h + 1);
    const rootScores = new Array<number>(6).fill(-INF);
    let best = rootMoves[0];
    let score = 0;
    let depth = 0;
    let pv: number[] = [best];
    let exact = false;
    let cycleAward = false;
    let cut = false;
    let lastScores: number[] = [];
    const aspiration = this.config.aspiration === true && !this.config.rootScores;
    for (let d = 1; d <= this.config.maxDepth; d++) {
      const heuristicBefore = this.heuristic;
      const awardsBefore = this.cycleAwards;
      this.cutBest = 0;
      this.iterationDepth = d;
      let value: number;
      if (aspiration && d >= ASPIRATION_FROM && Math.abs(score) < WIN / 2) {
        // Outside the window the score is only a bound: search again with the full window.
        value = this.searchRoot(rootMoves, d, rootScores, score - ASPIRATION, score + ASPIRATION);
        if (!this.stopped && (value <= score - ASPIRATION || value >= score + ASPIRATION)) {
          value = this.searchRoot(rootMoves, d, rootScores, -INF, INF);
        }
      } else value = this.searchRoot(rootMoves, d, rootScores, -INF, INF);
      if (this.stopped) {
        if (this.cutBest !== 0 && this.config.cutIterations === true && !this.config.rootScores) {
          best = this.cutBest;
          score = this.cutScore;
          pv = this.cutPv;
          cut = true;
        }
        break;
      }
      depth = d;
      score = value;
      best = this.pvTable[0];
      pv = Array.from(this.pvTable.subarray(0, this.pvLength[0]));
      lastScores = rootScores.slice();
      cycleAward = this.cycleAwards !== awardsBefore;
      this.canStop = true;
      // Best first next time, then the others by this iteration's scores.
      rootMoves.sort((x, y) => (x === best ? -1 : y === best ? 1 : rootScores[y - 1] - rootScores[x - 1]));
      // A win or loss within the horizon is the fastest win (or slowest loss) there is: deeper changes nothing.
      // Unless a repetition's award may have decided it: an evaluation scored as a result (twofold).
      const decided = Math.abs(value) > WIN / 2 && WIN - Math.abs(value) <= d && !cycleAward;
      if (this.heuristic === heuristicBefore || decided) {
        exact = true;
        this.stopReason = "proven";
        break;
      }
    }
    return {
      best,
      score,
      depth,
      nodes: this.nodes,
      pv,
      exact,
      cycleAward,
      cut,
      stop: this.stopReason,
      rootMoveScores: this.config.rootScores ? lastScores : [],
      tableProbes: this.tableProbes,
      tableProofs: this.tableProofs,
      singularExtensions: this.singularExtensions,
    };
  }

  private searchRoot(rootMoves: number[], depth: number, rootScores: number[], lower: number, beta: number): number {
    const root = this.stack[0];
    const child = this.stack[1];
    const mover = root.toMove;
    let alpha = lower;
    let best = -INF;
    this.pvLength[0] = 0;
    for (let k = 0; k < rootMoves.length; k++) {
      const house = rootMoves[k];
      copyState(child, root, this.pitWords[1], this.pitWords[0]);
      child.play(house);
      this.countNode();
      if (this.stopped) return 0;
      let value: number;
      if (child.over) {
        value = this.terminal(child, mover, 1);
        this.pvLength[1] = 1;
      } else if (this.config.rootScores || k === 0 || !this.config.pvs) {
        value = this.childValue(1, mover, depth - 1, this.config.rootScores ? -INF : alpha, beta);
      } else {
        value = this.childValue(1, mover, depth - 1, alpha, alpha + 1);
        if (value > alpha && value < beta && !this.stopped) {
          // Already a sign that this move beats the best so far, should the limits cut its full search.
          const [before, beforeScore, beforePv] = [this.cutBest, this.cutScore, this.cutPv];
          this.noteCutBest(house, value, [house]);
          value = this.childValue(1, mover, depth - 1, alpha, beta);
          // The full window can disagree with the null window (the hash table's scores of other depths).
          if (!this.stopped && value <= alpha) this.noteCutBest(before, beforeScore, beforePv);
        }
      }
      if (this.stopped) return 0;
      rootScores[house - 1] = value;
      if (value > best) {
        best = value;
        this.setPv(0, house);
        if (k > 0 && value > alpha)
          this.noteCutBest(house, value, Array.from(this.pvTable.subarray(0, this.pvLength[0])));
        if (value > alpha) alpha = value;
        // Above an aspiration window: a bound only, searched again with the full window (run).
        if (alpha >= beta) break;
      }
    }
    return best;
  }

  /** A root move after the first beat alpha (cutIterations): what to play if the iteration is cut short. */
  private noteCutBest(house: number, value: number, pv: number[]): void {
    this.cutBest = house;
    this.cutScore = value;
    this.cutPv = pv;
  }

  private childValue(ply: number, mover: number, depth: number, alpha: number, beta: number): number {
    return this.stack[ply].toMove === mover
      ? this.search(ply, depth, alpha, beta)
      : -this.search(ply, depth, -beta, -alpha);
  }

  private search(ply: number, depth: number, alpha: number, beta: number): number {
    const node = this.stack[ply];
    this.pvLength[ply] = ply;
    const inTable = ALL_SEEDS - node.stores[0] - node.stores[1] <= this.tableSeeds;
    if (inTable) {
      const value = this.endgameProbe(node, ply, alpha, beta);
      if (value !== NO_VALUE) return value;
    }
    if (depth <= 0 || ply >= MAX_PLY) {
      // endgameProbe found no decided result here: the bounds' middle as the evaluation.
      if (inTable) return this.endgameLeaf(node, ply, true);
      return this.leafValue(ply, alpha, beta);
    }
    const useTable = this.useTableAtAll && depth >= this.tableDepth;
    let hashMove = 0;
    let slot = 0;
    let lock = 0;
    // The hash entry's score when it may make the hash move singular (SearchConfig.singular), else NO_VALUE.
    let singularScore = NO_VALUE;
    // Just after a capture, no earlier position can recur: the node's value depends on the position
    // alone, even through cycle endings below it (see cycles), and it has keys of its own.
    const fresh = node.historyLength - node.historyStart === 1;
    if (useTable) {
      // A bucket is two entries: its first word is at twice a slot's.
      slot = ((hashPosition(node) ^ (fresh ? KEY1[FRESH] : 0)) & this.ttMask) * (this.buckets ? 2 * ENTRY : ENTRY);
      lock = hashCheck ^ (fresh ? KEY2[FRESH] : 0);
      const table = this.table;
      const entry = findEntry(table, slot, lock, this.buckets);
      if (entry >= 0) {
        const packed = table[entry + 1];
        hashMove = table[entry] & HOUSE_BITS;
        const entryDepth = (packed >> 3) & 255;
        // A proven score holds at any depth: every line below it reached the end of the game.
        if (entryDepth >= depth || (packed & PROVEN) !== 0) {
          const stored = packed >> 11;
          const value = stored > WIN / 2 ? stored - ply : stored < -WIN / 2 ? stored + ply : stored;
          const bound = packed & 3;
          if (bound === EXACT || (bound === LOWER && value >= beta) || (bound === UPPER && value <= alpha)) {
            if ((packed & PROVEN) === 0) this.heuristic++;
            return value;
          }
        }
        if (
          this.singular &&
          depth >= SINGULAR_DEPTH &&
          entryDepth >= depth - SINGULAR_ENTRY_DEPTH &&
          (packed & 3) !== UPPER &&
          (packed & PROVEN) === 0 &&
          Math.abs(packed >> 11) < WIN / 2
        )
          singularScore = packed >> 11;
      }
    }
    const count = this.orderMoves(node, ply, hashMove);
    // One ply more for the hash move when it is the only move near its score (SearchConfig.singular).
    const extend =
      singularScore !== NO_VALUE && count > 1 && this.moves[ply * 6] === hashMove && ply < 2 * this.iterationDepth
        ? this.singularExtension(ply, count, depth, singularScore - SINGULAR_MARGIN)
        : 0;
    const alphaBefore = alpha;
    const heuristicBefore = this.heuristic;
    const cyclesBefore = this.cycles;
    const mover = node.toMove;
    const child = this.stack[ply + 1];
    const childPits = this.pitWords[ply + 1];
    const nodePits = this.pitWords[ply];
    const base = ply * 6;
    // The children are leaves: evaluated here rather than through two calls each (and no PVS re-search).
    const leaves = depth <= 1 || ply + 1 >= MAX_PLY;
    // A leaf's principal variation is empty (setPv reads this); set once for all of them.
    if (leaves) this.pvLength[ply + 1] = ply + 1;
    let best = -INF;
    let bestMove = 0;
    for (let k = 0; k < count; k++) {
      const house = this.moves[base + k];
      copyState(child, node, childPits, nodePits);
      child.play(house);
      this.countNode();
      if (this.stopped) return 0;
      let value: number;
      if (child.over) {
        value = this.terminal(child, mover, ply + 1);
        this.pvLength[ply + 1] = ply + 1;
      } else if (leaves) {
        if (ALL_SEEDS - child.stores[0] - child.stores[1] <= this.tableSeeds) {
          value = this.endgameLeaf(child, ply + 1);
          if (child.toMove !== mover) value = -value;
        } else if (child.toMove !== mover) value = -this.leafValue(ply + 1, -beta, -alpha);
        else value = this.leafValue(ply + 1, alpha, beta);
      } else if (child.toMove === mover) {
        // An extra move (Caribbean): the same player again, so the child's score is not negated.
        if (k === 0) value = this.search(ply + 1, depth - 1 + extend, alpha, beta);
        else if (!this.pvs) value = this.search(ply + 1, depth - 1, alpha, beta);
        else {
          value = this.search(ply + 1, depth - 1, alpha, alpha + 1);
          if (value > alpha && value < beta && !this.stopped) value = this.search(ply + 1, depth - 1, alpha, beta);
        }
      } else if (k === 0 || !this.pvs) {
        value = -this.search(ply + 1, k === 0 ? depth - 1 + extend : depth - 1, -beta, -alpha);
      } else {
        const reduce = this.reductions && k >= REDUCE_FROM && depth >= REDUCE_DEPTH && this.keys[base + k] < KILLER;
        value = -this.search(ply + 1, reduce ? depth - 2 : depth - 1, -alpha - 1, -alpha);
        if (reduce && value > alpha && !this.stopped) value = -this.search(ply + 1, depth - 1, -alpha - 1, -alpha);
        if (value > alpha && value < beta && !this.stopped) value = -this.search(ply + 1, depth - 1, -beta, -alpha);
      }
      if (this.stopped) return 0;
      if (value > best) {
        best = value;
        bestMove = house;
        if (value > alpha) {
          alpha = value;
          this.setPv(ply, house);
          if (alpha >= beta) {
            if (this.ordering) this.rememberCutoff(ply, mover, house, depth);
            break;
          }
        }
      }
    }
    if (useTable && (fresh || this.cycles === cyclesBefore)) {
      const bound = best <= alphaBefore ? UPPER : best >= beta ? LOWER : EXACT;
      const proven = this.heuristic === heuristicBefore ? PROVEN : 0;
      const table = this.table;
      const stored = best > WIN / 2 ? best + ply : best < -WIN / 2 ? best - ply : best;
      const entry = replaceEntry(table, slot, lock, depth, proven !== 0, this.buckets);
      table[entry] = (lock & ~HOUSE_BITS) | bestMove;
      table[entry + 1] = (stored << 11) | (depth << 3) | proven | bound;
    }
    return best;
  }

  /**
   * 1 when no move but the first (the hash move) of the node at `ply` reaches `bound` in a search of half
   * the depth with a null window, else 0 (SearchConfig.singular). The moves are those orderMoves wrote for
   * the node; the searches below write only deeper plies. What they count (evaluated leaves, cycle
   * endings) is taken back: they choose a depth, and the node's value and its proof come from its own
   * search of its moves.
   */
  private singularExtension(ply: number, count: number, depth: number, bound: number): number {
    const [heuristic, cycles, cycleAwards] = [this.heuristic, this.cycles, this.cycleAwards];
    const node = this.stack[ply];
    const mover = node.toMove;
    const child = this.stack[ply + 1];
    const half = (depth - 1) >> 1;
    let extend = 1;
    for (let k = 1; k < count && extend === 1; k++) {
      copyState(child, node, this.pitWords[ply + 1], this.pitWords[ply]);
      child.play(this.moves[ply * 6 + k]);
      this.countNode();
      if (this.stopped) break;
      const value = child.over
        ? this.terminal(child, mover, ply + 1)
        : this.childValue(ply + 1, mover, half, bound - 1, bound);
      if (this.stopped || value >= bound) extend = 0;
    }
    this.heuristic = heuristic;
    this.cycles = cycles;
    this.cycleAwards = cycleAwards;
    this.singularExtensions += extend;
    return extend;
  }

  /** A leaf's value from its player to move's side: the evaluation, or the quiescence search (SearchConfig.quiescence). */
  private leafValue(ply: number, alpha: number, beta: number): number {
    if (this.quiescence > 0) return this.captures(ply, alpha, beta, this.quiescence);
    return this.evaluation(this.stack[ply]);
  }

  /** The configured evaluation of a position the search stops at (counted: the result is no proof). */
  private evaluation(node: CoreGame): number {
    this.heuristic++;
    return this.tuned ? tableEvaluation(node, this.terms) : storeDifference(node);
  }

  /**
   * The quiescence search: the evaluation as a floor (stand pat), then each capturing sowing of the player
   * to move (captureTarget, a guess that the core's play settles), `left` plies at most.
   */
  private captures(ply: number, alpha: number, beta: number, left: number): number {
    const node = this.stack[ply];
    let best = this.evaluation(node);
    if (best >= beta || left === 0 || ply + 1 >= MAX_PLY) return best;
    if (best > alpha) alpha = best;
    const mover = node.toMove;
    const own = mover * 6;
    const pits = node.pits;
    const south = own === 0;
    const child = this.stack[ply + 1];
    for (let h = 1; h <= 6; h++) {
      if (captureTarget(pits, own + h - 1, south) === 0 || (node.legalAfterPlay & (1 << (h - 1))) === 0) continue;
      copyState(child, node, this.pitWords[ply + 1], this.pitWords[ply]);
      child.play(h);
      this.countNode();
      if (this.stopped) return 0;
      let value: number;
      if (child.over) value = this.terminal(child, mover, ply + 1);
      else if (ALL_SEEDS - child.stores[0] - child.stores[1] <= this.tableSeeds) {
        value = this.endgameLeaf(child, ply + 1);
        if (child.toMove !== mover) value = -value;
      } else if (child.toMove === mover) value = this.captures(ply + 1, alpha, beta, left - 1);
      else value = -this.captures(ply + 1, -beta, -alpha, left - 1);
      if (value > best) {
        best = value;
        if (value > alpha) {
          alpha = value;
          if (alpha >= beta) break;
        }
      }
    }
    return best;
  }

  /**
   * The endgame table at a position just reached by a capture (no earlier position can recur, so the
   * table's forced bounds hold under the full rules: endgame.ts): the proven result when the bounds
   * decide it, or a proven bound that cuts the window; else NO_VALUE (search on). A decided win scores
   * as a win one ply further: its length is not known, only that it is won.
   */
  private endgameProbe(node: CoreGame, ply: number, alpha: number, beta: number): number {
    if (node.historyLength - node.historyStart !== 1) return NO_VALUE;
    this.tableProbes++;
    const me = node.toMove;
    const i = boardIndex(node.pits, me, ALL_SEEDS - node.stores[0] - node.stores[1]);
    const difference = node.stores[me] - node.stores[1 - me];
    const low = difference + this.tableLo[i];
    const high = difference + this.tableHi[i];
    let value = NO_VALUE;
    if (low > 0) value = WIN - ply - 1;
    else if (high < 0) value = ply + 1 - WIN;
    else if (low === 0 && high === 0) value = 0;
    // At least a draw against a window that asks for one, or at most a draw against one that needs more.
    else if ((low === 0 && beta <= 0) || (high === 0 && alpha >= 0)) value = 0;
    if (value !== NO_VALUE) this.tableProofs++;
    return value;
  }

  /**
   * A leaf in the table: its proven result when endgameProbe would decide it, else the middle of the
   * table's bounds in search units (an evaluation: with a capture-free history behind the position, a
   * forcing line may meet one of its positions, so the bounds are not a proof there).
   */
  private endgameLeaf(node: CoreGame, ply: number, probed = false): number {
    const me = node.toMove;
    const i = boardIndex(node.pits, me, ALL_SEEDS - node.stores[0] - node.stores[1]);
    const difference = node.stores[me] - node.stores[1 - me];
    const low = difference + this.tableLo[i];
    const high = difference + this.tableHi[i];
    if (!probed && node.historyLength - node.historyStart === 1) {
      this.tableProbes++;
      if (low > 0 || high < 0 || (low === 0 && high === 0)) {
        this.tableProofs++;
        return low > 0 ? WIN - ply - 1 : high < 0 ? ply + 1 - WIN : 0;
      }
    }
    this.heuristic++;
    return (low + high) * (SCALE / 2);
  }

  /** A finished game, scored by the core's own result, from `mover`'s side. */
  private terminal(game: CoreGame, mover: number, ply: number): number {
    if (game.reason === "cycle") this.cycles++;
    if (game.facts.searchCycle) {
      this.heuristic++;
      if (game.winner !== null) this.cycleAwards++;
    }
    if (game.winner === null) return 0;
    return game.winner === mover ? WIN - ply : ply - WIN;
  }

  private setPv(ply: number, house: number): void {
    const row = ply * (MAX_PLY + 1);
    const next = (ply + 1) * (MAX_PLY + 1);
    this.pvTable[row + ply] = house;
    const end = this.pvLength[ply + 1];
    for (let i = ply + 1; i < end; i++) this.pvTable[row + i] = this.pvTable[next + i];
    this.pvLength[ply] = Math.max(end, ply + 1);
  }

  private rememberCutoff(ply: number, mover: number, house: number, depth: number): void {
    const k = ply * 2;
    if (this.killers[k] !== house) {
      this.killers[k + 1] = this.killers[k];
      this.killers[k] = house;
    }
    const i = mover * 6 + house - 1;
    this.historyScores[i] += depth * depth;
    if (this.historyScores[i] > 1 << 18) for (let j = 0; j < 12; j++) this.historyScores[j] >>= 1;
  }

  /** Writes the legal moves of `node` at moves[ply * 6..] in search order; returns how many. */
  private orderMoves(node: CoreGame, ply: number, hashMove: number): number {
    // Every searched node below the root was just played: its end checks left its legal moves.
    const mask = node.legalAfterPlay;
    const base = ply * 6;
    const moves = this.moves;
    const keys = this.keys;
    let count = 0;
    const ordering = this.ordering;
    const own = node.toMove * 6;
    const pits = node.pits;
    // Loaded once: V8 does not keep typed-array loads across the stores below.
    const history = this.historyScores;
    const killer1 = this.killers[ply * 2];
    const killer2 = this.killers[ply * 2 + 1];
    const oware = this.owareFamily;
    const south = own === 0;
    // The set bits of the mask, lowest (house 1) first.
    for (let rest = mask; rest !== 0; rest &= rest - 1) {
      const h = 32 - Math.clz32(rest & -rest);
      let key = 0;
      if (h === hashMove) key = 1 << 30;
      else if (ordering) {
        const origin = own + h - 1;
        key = h === killer1 ? 1 << 21 : h === killer2 ? (1 << 21) - 1 : history[origin];
        if (oware) {
          const target = captureTarget(pits, origin, south);
          if (target !== 0) key = (1 << 22) + target;
        }
      }
      // Insertion by key, stable for equal keys (ascending houses when nothing is known).
      let i = count++;
      while (i > 0 && keys[base + i - 1] < key) {
        keys[base + i] = keys[base + i - 1];
        moves[base + i] = moves[base + i - 1];
        i--;
      }
      keys[base + i] = key;
      moves[base + i] = h;
    }
    return count;
  }

  /** Counts a node; small, so that V8 inlines it into the search loop (the limits are checked apart). */
  private countNode(): void {
    if ((++this.nodes & (CHECK_EVERY - 1)) === 0 && this.canStop) this.checkLimits();
  }

  private checkLimits(): void {
    const limits = this.limits;
    if (this.nodes >= limits.nodeLimit) this.stopReason = "nodes";
    else if (limits.now() >= limits.deadline) this.stopReason = "time";
    else if (limits.stop !== undefined && Atomics.load(limits.stop, 0) !== 0) this.stopReason = "abort";
    else return;
    this.stopped = true;
  }
}

/**
 * A node-bounded search (no endgame table) with the given evaluation, `rootScores` as SearchConfig's:
 * what the opening book (the expert's evaluation) and the tuning positions (the hand-made one,
 * handMadeSearch) are made with, so that their committed files stay what their seeds give.
 */
export function nodeBoundedSearch(
  game: CoreGame,
  nodes: number,
  rootScores: boolean,
  evaluation: "fitted" | "tuned",
): SearchOutcome {
  const searcher = new Searcher(game, {
    maxDepth: MAX_PLY,
    tableBits: 20,
    pvs: true,
    ordering: true,
    evaluation,
    weights: tunedWeights(game.ruleset),
    rootScores,
    endgame: false,
  });
  return searcher.run({ deadline: Number.POSITIVE_INFINITY, now: () => 0, nodeLimit: nodes });
}

/** nodeBoundedSearch by the previous release's expert (the hand-made evaluation). */
export function handMadeSearch(game: CoreGame, nodes: number, rootScores: boolean): SearchOutcome {
  return nodeBoundedSearch(game, nodes, rootScores, "tuned");
}
