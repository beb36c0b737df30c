/**
 * The sowing and capture core shared by the five Oware variants (docs/rules.md sections 2 and 3.1-3.5).
 * The variants differ only by the data in OwareRules.
 */
import type { CoreGame, EventSink } from "./core.ts";
import type { OwareRules } from "./rulesets.ts";
import type { EngineErrorCode, Player } from "./types.ts";
import { opponent } from "./types.ts";

// Scratch board for trying a move without touching the game (wari grand slam test). Single-threaded.
const scratch = new Uint8Array(12);

/** LAST_PIT[origin * 49 + seeds]: where sowing ends (each lap of 11 skips the origin); a table for search speed. */
const LAST_PIT = new Uint8Array(12 * 49);
for (let origin = 0; origin < 12; origin++) {
  for (let n = 1; n < 49; n++) LAST_PIT[origin * 49 + n] = (origin + n + Math.floor((n - 1) / 11)) % 12;
}

/** Sows all seeds of `origin` on `pits`, skipping the origin, and returns the last pit. */
function sow(pits: Uint8Array, origin: number, sink: EventSink): number {
  let seeds = pits[origin];
  pits[origin] = 0;
  if (sink) sink.push({ type: "pickup", pit: origin, seeds, relay: false });
  let pit = origin;
  let lap = 0;
  while (seeds > 0) {
    pit = pit === 11 ? 0 : pit + 1;
    if (pit === origin) {
      lap++;
      continue;
    }
    pits[pit]++;
    seeds--;
    if (sink) sink.push({ type: "sow", pit, lap });
  }
  return pit;
}

/**
 * The first pit of the capture set ending at `last` for `mover`: the set is first..last,
 * empty when first > last.
 */
function captureStart(pits: Uint8Array, mover: Player, last: number): number {
  const low = mover === 0 ? 6 : 0;
  if (last < low || last > low + 5) return last + 1;
  let i = last;
  while (i >= low && (pits[i] === 2 || pits[i] === 3)) i--;
  return i + 1;
}

function sideSum(pits: Uint8Array, player: Player): number {
  const o = player * 6;
  return pits[o] + pits[o + 1] + pits[o + 2] + pits[o + 3] + pits[o + 4] + pits[o + 5];
}

function rangeSum(pits: Uint8Array, first: number, last: number): number {
  let total = 0;
  for (let i = first; i <= last; i++) total += pits[i];
  return total;
}

/** Whether playing `origin` would be a grand slam, tried on the scratch board. */
function isGrandSlam(pits: Uint8Array, mover: Player, origin: number): boolean {
  // Cheap test first: only a last seed in the opponent's row can capture (each lap of 11 skips the origin).
  const n = pits[origin];
  const lastPit = LAST_PIT[origin * 49 + n];
  if ((lastPit < 6 ? 0 : 1) === mover) return false;
  if (n < 12) {
    // Below a full lap the sowing gives one seed to each opponent pit up to the last one and none after
    // it: every seed of the row is taken exactly when the pits up to the last hold 1 or 2 (so 2 or 3
    // after sowing) and the ones after it are empty. Decided on the board, without sowing a copy (the
    // end checks ask this for every legal move after every move).
    const low = mover === 0 ? 6 : 0;
    for (let i = low; i <= lastPit; i++) if (pits[i] !== 1 && pits[i] !== 2) return false;
    for (let i = lastPit + 1; i <= low + 5; i++) if (pits[i] !== 0) return false;
    return true;
  }
  scratch.set(pits);
  const last = sow(scratch, origin, null);
  const first = captureStart(scratch, mover, last);
  return first <= last && rangeSum(scratch, first, last) === sideSum(scratch, opponent(mover));
}

/** Moves that are legal before the wari grand slam filter: non-empty, and feeding when the opponent is empty. */
function basicMask(pits: Uint8Array, mover: Player): number {
  const own = mover * 6;
  const mustFeed = sideSum(pits, opponent(mover)) === 0;
  let mask = 0;
  for (let h = 0; h < 6; h++) {
    const n = pits[own + h];
    if (n === 0 || (mustFeed && n < 6 - h)) continue;
    mask |= 1 << h;
  }
  return mask;
}

export function owareLegalMask(game: CoreGame, rules: OwareRules): number {
  const mask = basicMask(game.pits, game.toMove);
  if (rules.slam !== "illegal-unless-forced" || mask === 0) return mask;
  let nonSlam = 0;
  for (let h = 0; h < 6; h++) {
    if (mask & (1 << h) && !isGrandSlam(game.pits, game.toMove, game.toMove * 6 + h)) nonSlam |= 1 << h;
  }
  return nonSlam === 0 ? mask : nonSlam;
}

export function owareIllegal(game: CoreGame, rules: OwareRules, h: number): EngineErrorCode | null {
  if (game.pits[game.toMove * 6 + h] === 0) return "move/empty-house";
  if ((basicMask(game.pits, game.toMove) & (1 << h)) === 0) return "move/must-feed";
  if ((owareLegalMask(game, rules) & (1 << h)) === 0) return "move/grand-slam";
  return null;
}

function pitList(first: number, last: number): number[] {
  const list: number[] = [];
  for (let i = last; i >= first; i--) list.push(i);
  return list;
}

/** Takes pits last..first (walking clockwise) into the mover's store. */
function capture(game: CoreGame, mover: Player, first: number, last: number, sink: EventSink): void {
  const pits = game.pits;
  if (sink) {
    const order = pitList(first, last);
    const seeds = order.map((i) => pits[i]);
    sink.push({ type: "capture", player: mover, pits: order, seeds, total: rangeSum(pits, first, last), kay: false });
  }
  for (let i = first; i <= last; i++) {
    game.stores[mover] += pits[i];
    pits[i] = 0;
  }
  game.facts.captured = true;
}

export function owarePlay(game: CoreGame, rules: OwareRules, h: number, sink: EventSink): void {
  const mover = game.toMove;
  const pits = game.pits;
  const last = sow(pits, mover * 6 + h, sink);
  const first = captureStart(pits, mover, last);
  let extraMove = false;
  if (first <= last) {
    const taken = rangeSum(pits, first, last);
    if (taken !== sideSum(pits, opponent(mover))) capture(game, mover, first, last, sink);
    else extraMove = grandSlam(game, rules, mover, first, last, taken, sink);
  }
  game.toMove = extraMove ? mover : opponent(mover);
}

/**
 * The capture first..last takes every seed of the opponent's row: the ruleset's treatment. Returns
 * whether the mover moves again. Apart from owarePlay, which the search runs after every move, so that
 * V8 inlines the common path.
 */
function grandSlam(
  game: CoreGame,
  rules: OwareRules,
  mover: Player,
  first: number,
  last: number,
  taken: number,
  sink: EventSink,
): boolean {
  const treatment = rules.slam === "illegal-unless-forced" ? "forced" : rules.slam;
  if (sink) sink.push({ type: "grand-slam", player: mover, treatment, pits: pitList(first, last), seeds: taken });
  if (treatment !== "no-capture") capture(game, mover, first, last, sink);
  if (treatment === "forced") game.facts.forcedSlam = true;
  if (treatment === "capture-extra-move" && game.stores[mover] < 25) {
    if (sink) sink.push({ type: "extra-move", player: mover });
    return true;
  }
  return false;
}
