/**
 * Endgame tables by retrograde analysis (docs/ai.md, "Endgame tables").
 *
 * What a table holds. For every board of at most `seeds` seeds with the player to move placed as South
 * (the rules are the same for both sides, so North to move is the board turned round), two numbers:
 * `lo` and `hi`, bounds on the seeds the player to move will gain minus the seeds the opponent will gain
 * from there on, with best play. `lo` is what the player to move can FORCE within a finite number of
 * plies whatever the opponent does, `hi` what the opponent can force. They are the least fixpoint of the
 * minimax equations iterated from [-n, +n] (Kleene iteration): each step is a bound of a game cut off
 * after t plies, so a bound is always backed by a strategy that makes progress at every ply and
 * therefore never repeats a position.
 *
 * Why bounds and not one value: the game's cycle rule (a position's third occurrence since the last
 * capture ends the game) makes a position's value depend on its history, so no value keyed on the
 * board alone is exact for this project's rules. The forced bounds are: a forcing strategy never
 * repeats a position, so no cycle ending, whatever the ruleset scores it as, can occur on its lines.
 * From a position reached by a capture (no earlier position can recur) the true value under the full
 * rules lies in [lo, hi]; where lo = hi (most positions, docs/benchmarks.md) it is exact. From a
 * position with capture-free history behind it, a forcing line may meet a position of that history, so
 * there the table is only an evaluation.
 *
 * The 25-seed stop is left out of the build (the stores start at 0 and at most 24 seeds are on the
 * board, so no store reaches 25): with 48 seeds a player at 25 wins whatever happens after, so the
 * result (win, draw, loss) of a position with stores s (mover) and t is decided by the table alone:
 * a win when s - t + lo > 0, a loss when s - t + hi < 0, at least a draw when s - t + lo >= 0, at most one
 * when s - t + hi <= 0. Along a forcing line the player who would lose by the table cannot reach 25
 * first (both would then hold more than 24), so the bounds hold in the real game too.
 *
 * Every move, capture, award and ending comes from the engine's own core (CoreGame.play), so every
 * ruleset (haiti's Kay, Caribbean's extra move, Wari's forced slam, Barbados starvation) is built by
 * the same code.
 */
import { CoreGame, type RulesetId } from "../engine/internal.ts";

/** The most seeds a table may hold (C(27,12) = 17 M boards of at most 15 seeds: 34 MB a ruleset). */
export const MAX_TABLE_SEEDS = 15;

/** BINOMIAL[x * 13 + k] = C(x, k) for x < 40, k <= 12. */
const BINOMIAL = new Float64Array(40 * 13);
for (let x = 0; x < 40; x++) {
  BINOMIAL[x * 13] = 1;
  for (let k = 1; k <= 12; k++)
    BINOMIAL[x * 13 + k] = x === 0 ? 0 : BINOMIAL[(x - 1) * 13 + k - 1] + BINOMIAL[(x - 1) * 13 + k];
}
function binomial(x: number, k: number): number {
  return BINOMIAL[x * 13 + k];
}

/**
 * RANK[i * 40 + b] = C(b, i + 1) as an int: the colex rank of a board is the rank of its 11 "bars"
 * (b_i = seeds in pits 0..i plus i), so a board of n seeds has a rank below C(n + 11, 11).
 */
const RANK = new Int32Array(11 * 40);
for (let i = 0; i < 11; i++) for (let b = 0; b < 40; b++) RANK[i * 40 + b] = binomial(b, i + 1);

/** Boards of exactly n seeds (one layer). */
export function layerSize(n: number): number {
  return binomial(n + 11, 11);
}

/** Where the layer of n seeds starts: the boards of fewer seeds come first. */
export function layerOffset(n: number): number {
  return binomial(n + 11, 12);
}

/**
 * The index of a board (all layers together) with the player `mover` placed as South: pits read from
 * mover * 6 on. `seeds` is the number on the board.
 */
export function boardIndex(pits: Uint8Array, mover: number, seeds: number): number {
  let sum = 0;
  let rank = 0;
  const turn = mover * 6;
  for (let i = 0; i < 11; i++) {
    const pit = i + turn;
    sum += pits[pit < 12 ? pit : pit - 12];
    rank += RANK[i * 40 + sum + i];
  }
  return layerOffset(seeds) + rank;
}

export interface EndgameTable {
  readonly ruleset: RulesetId;
  /** Boards of at most this many seeds. */
  readonly seeds: number;
  /** By boardIndex: the least gain difference the player to move can force. */
  readonly lo: Int8Array;
  /** By boardIndex: the most (the opponent can hold them to it). */
  readonly hi: Int8Array;
}

/** Called after each layer: its seeds, build time (ms), sweeps to the fixpoint, boards and exact boards. */
export type BuildProgress = (layer: {
  seeds: number;
  ms: number;
  sweeps: number;
  exact: number;
  boards: number;
}) => void;

/**
 * Builds the table of `ruleset` up to `seeds` seeds, layer by layer (a capture leads to a smaller layer,
 * already built; a capture-free move stays in the layer, whose bounds are iterated to their fixpoint).
 */
export function buildTable(ruleset: RulesetId, seeds: number, progress?: BuildProgress): EndgameTable {
  if (!Number.isInteger(seeds) || seeds < 0 || seeds > MAX_TABLE_SEEDS)
    throw new RangeError(`endgame tables hold 0 to ${MAX_TABLE_SEEDS} seeds, not ${seeds}`);
  const total = layerOffset(seeds + 1);
  const table: EndgameTable = { ruleset, seeds, lo: new Int8Array(total), hi: new Int8Array(total) };
  for (let n = 0; n <= seeds; n++) {
    const started = performance.now();
    const { sweeps, exact } = buildLayer(table, n);
    progress?.({ seeds: n, ms: performance.now() - started, sweeps, exact, boards: layerSize(n) });
  }
  return table;
}

/** Resets `game` to `pits` with South to move, empty stores and no history (so no cycle can end a move). */
function setUp(game: CoreGame, pits: Uint8Array): void {
  game.pits.set(pits);
  game.stores[0] = 0;
  game.stores[1] = 0;
  game.toMove = 0;
  game.over = false;
  game.winner = null;
  game.reason = null;
  game.historyStart = 0;
  game.historyLength = 0;
}

function buildLayer(table: EndgameTable, n: number): { sweeps: number; exact: number } {
  const { lo, hi, ruleset } = table;
  const size = layerSize(n);
  const offset = layerOffset(n);
  // Per board: the best bounds over the moves whose value is already final (game over, or a capture into
  // a smaller layer), and the boards of this layer that its capture-free moves lead to (North to move
  // there, so read turned round: boardIndex with mover 1).
  const fixedLo = new Int8Array(size);
  const fixedHi = new Int8Array(size);
  // The boards are enumerated in another order than their ranks: each has its own run of edges.
  const start = new Int32Array(size);
  const end = new Int32Array(size);
  let edges = new Int32Array(size * 3 + 16);
  let edgeCount = 0;
  const board = new Uint8Array(12);
  const game = new CoreGame(ruleset);
  const child = new CoreGame(ruleset);
  // Boards of the layer in rank order: the compositions of n into 12 pits, enumerated by their bars.
  const enumerate = (pit: number, left: number): void => {
    if (pit === 11) {
      board[11] = left;
      const rank = boardIndex(board, 0, n) - offset;
      expand(rank);
      return;
    }
    for (let k = 0; k <= left; k++) {
      board[pit] = k;
      enumerate(pit + 1, left - k);
    }
  };
  const expand = (rank: number): void => {
    setUp(game, board);
    let bestLo = -128;
    let bestHi = -128;
    const mask = game.legalMask();
    start[rank] = edgeCount;
    if (mask === 0) {
      // No legal move: the game ends here (the core's own award).
      const over = CoreGame.fromPosition(ruleset, { pits: Array.from(board), stores: [0, 0], toMove: 0 });
      bestLo = bestHi = over.stores[0] - over.stores[1];
    }
    for (let h = 0; h < 6; h++) {
      if ((mask & (1 << h)) === 0) continue;
      setUp(child, board);
      child.play(h + 1);
      const gain = child.stores[0] - child.stores[1];
      let moveLo: number;
      let moveHi: number;
      if (child.over) moveLo = moveHi = gain;
      else {
        const left = n - child.stores[0] - child.stores[1];
        const index = boardIndex(child.pits, child.toMove, left);
        if (left === n) {
          if (edgeCount === edges.length) {
            const bigger = new Int32Array(edges.length * 2);
            bigger.set(edges);
            edges = bigger;
          }
          edges[edgeCount++] = index - offset;
          continue;
        }
        // Into a smaller layer, final. The same player moves again after Caribbean's extra move.
        if (child.toMove === 0) {
          moveLo = gain + lo[index];
          moveHi = gain + hi[index];
        } else {
          moveLo = gain - hi[index];
          moveHi = gain - lo[index];
        }
      }
      if (moveLo > bestLo) bestLo = moveLo;
      if (moveHi > bestHi) bestHi = moveHi;
    }
    end[rank] = edgeCount;
    fixedLo[rank] = bestLo;
    fixedHi[rank] = bestHi;
  };
  enumerate(0, n);
  // Start from the widest bounds wherever a capture-free move remains open, then iterate in place (a
  // chaotic iteration of a monotone operator reaches the same least fixpoint as the synchronous one).
  for (let r = 0; r < size; r++) {
    const open = end[r] > start[r];
    lo[offset + r] = open ? Math.max(fixedLo[r], -n) : fixedLo[r];
    hi[offset + r] = open ? n : fixedHi[r];
  }
  let sweeps = 0;
  for (let changed = true; changed; ) {
    changed = false;
    sweeps++;
    for (let r = 0; r < size; r++) {
      const from = start[r];
      const to = end[r];
      if (from === to) continue;
      let bestLo = fixedLo[r];
      let bestHi = fixedHi[r];
      for (let e = from; e < to; e++) {
        const c = offset + edges[e];
        const a = -hi[c];
        const b = -lo[c];
        if (a > bestLo) bestLo = a;
        if (b > bestHi) bestHi = b;
      }
      if (bestLo !== lo[offset + r] || bestHi !== hi[offset + r]) {
        lo[offset + r] = bestLo;
        hi[offset + r] = bestHi;
        changed = true;
      }
    }
  }
  let exact = 0;
  for (let r = 0; r < size; r++) if (lo[offset + r] === hi[offset + r]) exact++;
  return { sweeps, exact };
}

// The tables this thread searches with, by ruleset (installed by the worker once loaded or built).
const installed = new Map<RulesetId, EndgameTable>();

/** Makes the search on this thread use `table` for its ruleset (replacing any other). */
export function installTable(table: EndgameTable): void {
  installed.set(table.ruleset, table);
}

/** Stops the search on this thread using a table for `ruleset` (every ruleset when omitted). */
export function uninstallTable(ruleset?: RulesetId): void {
  if (ruleset === undefined) installed.clear();
  else installed.delete(ruleset);
}

export function installedTable(ruleset: RulesetId): EndgameTable | undefined {
  return installed.get(ruleset);
}
