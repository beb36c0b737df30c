/**
 * A game row turned back into engine state: the move list is replayed (it is the source of truth),
 * and the last move is replayed separately so the board can highlight it and the bot narrate it.
 */

import type { GameRow } from "../db/schema.ts";
import { type GameState, type MoveEvent, newGame, type Player, play, replay } from "../engine/index.ts";

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

function replayOrThrow(row: GameRow, moves: readonly number[]): GameState {
  const result = replay(newGame(row.ruleset), moves);
  if (!result.ok) throw new Error(`game ${row.id} does not replay: ${result.error.message}`);
  return result.value;
}

export function snapshotOf(row: GameRow): GameSnapshot {
  const moves = parseMoves(row.moves);
  if (moves.length === 0) return { row, state: replayOrThrow(row, moves), last: null };
  const before = replayOrThrow(row, moves.slice(0, -1));
  const house = moves[moves.length - 1];
  const played = play(before, house);
  if (!played.ok) throw new Error(`game ${row.id} does not replay: ${played.error.message}`);
  return {
    row,
    state: played.value.state,
    last: { player: before.position.toMove, house, before, events: played.value.events },
  };
}

/**
 * The game as it stood after `ply` moves, for the game viewer. Before the last move the row reads as
 * still active, so the board shows no result yet (only the final position carries the real ending).
 */
export function snapshotAt(row: GameRow, ply: number): GameSnapshot {
  const moves = parseMoves(row.moves);
  const at = Math.min(Math.max(0, ply), moves.length);
  if (at === moves.length) return snapshotOf(row);
  return snapshotOf({
    ...row,
    moves: JSON.stringify(moves.slice(0, at)),
    ply: at,
    status: "active",
    winner: null,
    reason: null,
    note: null,
    drawOfferBy: null,
  });
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
