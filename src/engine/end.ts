/**
 * The end of a game: the checks after a move in the order of docs/rules.md section 2 (wari forced slam,
 * 25 seeds, cycle, no legal move), the end-of-game awards, and the result.
 */
import type { CoreGame, EventSink } from "./core.ts";
import type { OwareRules } from "./rulesets.ts";
import type { AwardKind, EngineReason, Player } from "./types.ts";
import { opponent } from "./types.ts";

function nonEmptyPits(game: CoreGame, from: number, to: number): number[] {
  const list: number[] = [];
  for (let i = from; i <= to; i++) if (game.pits[i] > 0) list.push(i);
  return list;
}

/** Moves every seed of pits from..to into `player`'s store. */
function award(game: CoreGame, player: Player, kind: AwardKind, from: number, to: number, sink: EventSink): void {
  let seeds = 0;
  for (let i = from; i <= to; i++) seeds += game.pits[i];
  if (seeds === 0) return;
  if (sink) sink.push({ type: "award", player, kind, pits: nonEmptyPits(game, from, to), seeds });
  for (let i = from; i <= to; i++) game.pits[i] = 0;
  game.stores[player] += seeds;
}

function ownSides(game: CoreGame, sink: EventSink): void {
  award(game, 0, "own-side", 0, 5, sink);
  award(game, 1, "own-side", 6, 11, sink);
}

/** Bridgetown: equal halves, the odd seed to the player whose side holds more. */
function divide(game: CoreGame, sink: EventSink): void {
  const south = game.seedsOnSide(0);
  const north = game.seedsOnSide(1);
  const total = south + north;
  if (total === 0) return;
  const half = total >> 1;
  const share: [number, number] = [half, half];
  if (total % 2 === 1) share[south > north ? 0 : 1]++;
  if (sink) {
    const pits = nonEmptyPits(game, 0, 11);
    for (const player of [0, 1] as const) {
      if (share[player] > 0) sink.push({ type: "award", player, kind: "division", pits, seeds: share[player] });
    }
  }
  game.pits.fill(0);
  game.stores[0] += share[0];
  game.stores[1] += share[1];
}

function finish(game: CoreGame, reason: EngineReason, draw: boolean, sink: EventSink): void {
  const [south, north] = game.stores;
  game.over = true;
  game.reason = reason;
  game.winner = draw || south === north ? null : south > north ? 0 : 1;
  if (sink) sink.push({ type: "game-over", winner: game.winner, reason });
}

/** The player to move has no legal move: the ruleset's award, then the result. */
export function concludeNoMoves(game: CoreGame, sink: EventSink): void {
  const rules = game.mechanics;
  if (rules.family === "haiti") {
    finish(game, "stuck", false, sink);
    return;
  }
  if (rules.noMoves === "own-side") ownSides(game, sink);
  else {
    // Starvation: the starved player is the one whose row is empty (the mover's own, else the opponent's).
    const mover = game.toMove;
    const starved: Player = game.seedsOnSide(mover) === 0 ? mover : opponent(mover);
    award(game, starved, "starvation", 0, 11, sink);
  }
  finish(game, rules.noMovesReason, false, sink);
}

/**
 * The end checks after a move, in the order of docs/rules.md section 2. The endings themselves are in
 * functions of their own: the search runs these checks after every move, and a small function is one
 * that V8 inlines into its loop.
 */
export function concludeIfOver(game: CoreGame, sink: EventSink): void {
  const rules = game.mechanics;
  if (rules.family === "oware" && (game.facts.forcedSlam || game.stores[0] >= 25 || game.stores[1] >= 25)) {
    concludeOware(game, rules, sink);
    return;
  }
  if (game.cycleEnds()) {
    concludeCycle(game, sink);
    return;
  }
  const mask = game.legalMask();
  game.legalAfterPlay = mask;
  if (mask === 0) concludeNoMoves(game, sink);
}

/** An Oware-family game ended by a forced grand slam (wari) or by 25 seeds. */
function concludeOware(game: CoreGame, rules: OwareRules, sink: EventSink): void {
  if (game.facts.forcedSlam) {
    const mover = opponent(game.toMove);
    award(game, mover, "own-side", mover * 6, mover * 6 + 5, sink);
    finish(game, "grand-slam", false, sink);
    return;
  }
  if (rules.twentyFive === "division") divide(game, sink);
  finish(game, "twenty-five", false, sink);
}

/** The position occurred for the third time (or the second, in a search: CoreGame.repeatEndsFrom): the ruleset's cycle ending. */
function concludeCycle(game: CoreGame, sink: EventSink): void {
  const rules = game.mechanics;
  if (rules.family === "haiti") {
    finish(game, "cycle", false, sink);
    return;
  }
  if (rules.cycle === "own-side") ownSides(game, sink);
  else if (rules.cycle === "division") divide(game, sink);
  finish(game, "cycle", rules.cycle === "nobody-draw", sink);
}
