/**
 * A game row turned back into engine state: the move list is replayed (it is the source of truth),
 * keeping the last move's events and the state before it, so the board can highlight it and the bot
 * narrate it.
 */

import type { GameRow } from "../db/schema.ts";
import { type GameState, type MoveEvent, newGame, type Player, play } from "../engine/index.ts";

export interface LastMove {
  readonly player: Player;
  readonly house: number;
  readonly before: GameState;
  readonly events: readonly MoveEvent[];
}

export interface GameSnapshot {
  readonly row: GameRow;
  readonly state: GameState;
  readonly last: LastMove | null;
}

export function parseMoves(text: string): number[] {
  const moves: unknown = JSON.parse(text);
  if (!Array.isArray(moves) || !moves.every((m) => Number.isInteger(m))) {
    throw new Error(`corrupt move list ${text}`);
  }
  return moves as number[];
}

/** Plays the moves of `moves` that `from` has not played yet, once, keeping the last one for the board. */
function playOn(row: GameRow, from: Omit<GameSnapshot, "row">, moves: readonly number[]): GameSnapshot {
  let { state, last } = from;
  for (let ply = state.ply; ply < moves.length; ply++) {
    const house = moves[ply];
    const played = play(state, house);
    if (!played.ok) throw new Error(`game ${row.id} does not replay: move ${ply + 1}: ${played.error.message}`);
    last = { player: state.position.toMove, house, before: state, events: played.value.events };
    state = played.value.state;
  }
  return { row, state, last };
}

export function snapshotOf(row: GameRow): GameSnapshot {
  return playOn(row, { state: newGame(row.ruleset), last: null }, parseMoves(row.moves));
}

/**
 * The game as it stood after `ply` moves, and as it is now, for the game viewer, from one replay.
 * Before the last move the row reads as still active, so the board shows no result yet (only the
 * final position carries the real ending).
 */
export function snapshotsAt(row: GameRow, ply: number): { shown: GameSnapshot; final: GameSnapshot } {
  const moves = parseMoves(row.moves);
  const at = Math.min(Math.max(0, ply), moves.length);
  const early: GameRow = {
    ...row,
    moves: JSON.stringify(moves.slice(0, at)),
    ply: at,
    status: "active",
    winner: null,
    reason: null,
    note: null,
    drawOfferBy: null,
  };
  const shown = playOn(early, { state: newGame(row.ruleset), last: null }, moves.slice(0, at));
  const final = playOn(row, shown, moves);
  return { shown: at === moves.length ? final : shown, final };
}

/** 0 for South, 1 for North, null for someone else. */
export function seatOf(row: GameRow, userId: string): Player | null {
  if (row.southId === userId) return 0;
  if (row.northId === userId) return 1;
  return null;
}

export function userOf(row: GameRow, player: Player): string {
  return player === 0 ? row.southId : row.northId;
}
