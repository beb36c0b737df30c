/**
 * Warri of northern Haiti (docs/rules.md section 3.6): single-seed steps, relay sowing that skips the pits
 * emptied during the move, Kay captures of fours, empty-landing transfers.
 */
import type { CoreGame, EventSink } from "./core.ts";
import type { EngineErrorCode, Player } from "./types.ts";
import { opponent } from "./types.ts";

const ALL_MARKED = 0xfff;

function next(pit: number): number {
  return pit === 11 ? 0 : pit + 1;
}

/** A lone seed may move when the next pit is empty and the one after it is not. */
function singleSeedMayMove(pits: Uint8Array, pit: number): boolean {
  const a = next(pit);
  return pits[a] === 0 && pits[next(a)] !== 0;
}

/** Whether a house holding `n` seeds may be played, the next two pits holding `a` and `b`. */
function mayPlay(n: number, a: number, b: number): number {
  return n >= 2 || (n === 1 && a === 0 && b !== 0) ? 1 : 0;
}

export function haitiLegalMask(game: CoreGame): number {
  // The six houses and the two pits after them, each loaded once (the search calls this after every move).
  const p = game.pits;
  const own = game.toMove * 6;
  const p0 = p[own];
  const p1 = p[own + 1];
  const p2 = p[own + 2];
  const p3 = p[own + 3];
  const p4 = p[own + 4];
  const p5 = p[own + 5];
  const p6 = p[6 - own]; // the first two pits of the other row: 6 and 7 for South, 0 and 1 for North
  const p7 = p[7 - own];
  return (
    mayPlay(p0, p1, p2) |
    (mayPlay(p1, p2, p3) << 1) |
    (mayPlay(p2, p3, p4) << 2) |
    (mayPlay(p3, p4, p5) << 3) |
    (mayPlay(p4, p5, p6) << 4) |
    (mayPlay(p5, p6, p7) << 5)
  );
}

export function haitiIllegal(game: CoreGame, h: number): EngineErrorCode | null {
  const n = game.pits[game.toMove * 6 + h];
  if (n === 0) return "move/empty-house";
  if (n === 1 && !singleSeedMayMove(game.pits, game.toMove * 6 + h)) return "move/single-seed";
  return null;
}

/**
 * Sows every seed of `from`, starting after it and skipping marked pits; returns the last pit. `from`
 * is always marked (the origin, or the relay pit marked before its seeds are taken), so a lap is counted
 * among the skipped pits.
 */
function sowSkippingMarked(pits: Uint8Array, from: number, marked: number, relay: boolean, sink: EventSink): number {
  let seeds = pits[from];
  pits[from] = 0;
  if (sink) sink.push({ type: "pickup", pit: from, seeds, relay });
  let pit = from;
  let lap = 0;
  while (seeds > 0) {
    pit = next(pit);
    if (marked & (1 << pit)) {
      if (pit === from) lap++;
      continue;
    }
    pits[pit]++;
    seeds--;
    if (sink) sink.push({ type: "sow", pit, lap });
  }
  return pit;
}

/** The last seed made a four in the opponent's row (`low..low + 5`): it and the fours before it are taken. */
function kay(game: CoreGame, mover: Player, last: number, low: number, sink: EventSink): void {
  const pits = game.pits;
  let first = last;
  while (first > low && pits[first - 1] === 4) first--;
  const count = last - first + 1;
  if (sink) {
    const taken: number[] = [];
    for (let i = last; i >= first; i--) taken.push(i);
    const seeds = taken.map(() => 4);
    sink.push({ type: "capture", player: mover, pits: taken, seeds, total: 4 * count, kay: true });
  }
  // No list of the pits without a sink: the search plays millions of moves.
  for (let i = first; i <= last; i++) pits[i] = 0;
  game.stores[mover] += 4 * count;
  game.facts.captured = true;
}

/** The last seed fell into an empty pit: it moves on to the first pit after it that holds seeds. */
function transfer(pits: Uint8Array, from: number, sink: EventSink): void {
  for (let pit = next(from); pit !== from; pit = next(pit)) {
    if (pits[pit] > 0) {
      pits[from] = 0;
      pits[pit]++;
      if (sink) sink.push({ type: "transfer", from, to: pit });
      return;
    }
  }
}

export function haitiPlay(game: CoreGame, h: number, sink: EventSink): void {
  const pits = game.pits;
  const mover = game.toMove;
  const origin = mover * 6 + h;
  game.toMove = opponent(mover);
  if (pits[origin] === 1) {
    const to = next(origin);
    pits[origin] = 0;
    pits[to] = 1;
    if (sink) sink.push({ type: "single", from: origin, to });
    return;
  }
  const low = mover === 0 ? 6 : 0; // the opponent's row, where a four is a Kay
  let marked = 1 << origin;
  let last = sowSkippingMarked(pits, origin, marked, false, sink);
  for (;;) {
    if (pits[last] === 4 && last >= low && last <= low + 5) {
      kay(game, mover, last, low, sink);
      return;
    }
    if (pits[last] === 1) {
      transfer(pits, last, sink);
      return;
    }
    if (pits[next(last)] === 0) return;
    marked |= 1 << last;
    if (marked === ALL_MARKED) return;
    last = sowSkippingMarked(pits, last, marked, true, sink);
  }
}
