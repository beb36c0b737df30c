/**
 * Move numbers as the exported record writes them (pgn.ts: "1. C e 2. A f"): full moves, a South move
 * and North's answer under one number. A number starts with the game's first move and with each South
 * move after a North move, so a Caribbean extra move stays in its number ("3. E F b") and a game that
 * North begins starts "1. a 2. C e".
 *
 * A move's label, as Lichess writes it: South's "23. E", North's "23… e" (so North's first move of a
 * game North begins is "1… a", PGN's "1... a"). A Caribbean extra move carries its side's moves of that
 * number before it ("3. E F", "3… b c"), so that every move has a label of its own.
 *
 * What a player types (`/nickar game move:`) names the position after a move: "23" or "23." after
 * the first move written after "23." in the record (South's, unless North began the game), "23…" or
 * "23..." after North's move of 23, and letters after the number a later move of that number
 * ("3. E F": after F). "0" is the start. docs/players.md says this in players' words.
 */
import { moveLetter } from "./notation.ts";
import type { Player } from "./types.ts";

/** Where a move stands in the record's numbering. */
export interface MoveNumber {
  /** The record's number: 1 for the first move, one more at each South move after a North move. */
  readonly number: number;
  /** Who made the move. */
  readonly side: Player;
  /** The moves of `side` before this one under the same number: 0, or more after a Caribbean extra move. */
  readonly extra: number;
}

/** The moves of a game, as GameState has them. */
export interface NumberedMoves {
  /** House numbers 1..6, in order. */
  readonly history: readonly number[];
  /** `movers[i]` made move i. */
  readonly movers: readonly Player[];
}

/** The numbers of the moves made by `movers` in turn: entry i is move i's, the move that leads to ply i + 1. */
export function moveNumbers(movers: readonly Player[]): MoveNumber[] {
  const numbers: MoveNumber[] = [];
  let number = 0;
  let extra = 0;
  movers.forEach((side, i) => {
    if (i === 0 || (side === 0 && movers[i - 1] === 1)) {
      number++;
      extra = 0;
    } else extra = side === movers[i - 1] ? extra + 1 : 0;
    numbers.push({ number, side, extra });
  });
  return numbers;
}

/** The number of the move `toMove` is about to make after `movers`' moves. */
export function nextMoveNumber(movers: readonly Player[], toMove: Player): MoveNumber {
  return moveNumbers([...movers, toMove])[movers.length];
}

/** "23." for South's move, "23…" for North's. */
export function moveNumberText(move: MoveNumber): string {
  return `${move.number}${move.side === 0 ? "." : "…"}`;
}

/** The label of the move that leads to `ply` (1..moves): "23. E", "23… e", "3. E F" for an extra move; "0" for the start. */
export function moveLabel(game: NumberedMoves, ply: number): string {
  if (!Number.isInteger(ply) || ply < 0 || ply > game.history.length) {
    throw new RangeError(`no ply ${ply} in a game of ${game.history.length} moves`);
  }
  if (ply === 0) return "0";
  const move = moveNumbers(game.movers.slice(0, ply))[ply - 1];
  const letters: string[] = [];
  for (let i = ply - 1 - move.extra; i < ply; i++) letters.push(moveLetter(game.movers[i], game.history[i]));
  return `${moveNumberText(move)} ${letters.join(" ")}`;
}

/**
 * The one move that leads to `ply`, with its number: "23. E", "23… e", and "3. F" for a Caribbean extra move
 * (where `moveLabel`, which names the position, writes "3. E F"). For a move to play or being shown alone.
 */
export function singleMoveLabel(game: NumberedMoves, ply: number): string {
  if (!Number.isInteger(ply) || ply < 1 || ply > game.history.length) {
    throw new RangeError(`no move ${ply} in a game of ${game.history.length} moves`);
  }
  const move = moveNumbers(game.movers.slice(0, ply))[ply - 1];
  return `${moveNumberText(move)} ${moveLetter(game.movers[ply - 1], game.history[ply - 1])}`;
}

/** Why a typed move names no position: not a move number at all, or one this game's record does not have. */
export type MoveLabelError = "invalid" | "not-in-record";

export type ParsedMoveLabel =
  | { readonly ok: true; readonly ply: number }
  | { readonly ok: false; readonly error: MoveLabelError };

/** A number, "." or "…" (also "..", "..."), then letters: "23", "23.", "23…", "23... e", "3. E F". */
const TYPED = /^(\d{1,5})\s*(\.{2,3}|…|\.)?\s*((?:[A-Fa-f]\s*)*)$/;

/**
 * The ply a typed move names in `game` (the position after that move), read in the record's numbering:
 * the inverse of `moveLabel`. Letters are compared without regard to case.
 */
export function parseMoveLabel(text: string, game: NumberedMoves): ParsedMoveLabel {
  const match = TYPED.exec(text.trim());
  if (!match) return { ok: false, error: "invalid" };
  const number = Number(match[1]);
  const north = match[2] !== undefined && match[2] !== ".";
  const letters = match[3].replace(/\s+/g, "");
  if (number === 0) return match[2] || letters ? { ok: false, error: "invalid" } : { ok: true, ply: 0 };
  const numbers = moveNumbers(game.movers);
  const first = numbers.findIndex((m) => m.number === number && (!north || m.side === 1));
  if (first < 0) return { ok: false, error: "not-in-record" };
  for (let j = 0; j < letters.length; j++) {
    const i = first + j;
    const same =
      i < numbers.length &&
      numbers[i].number === number &&
      moveLetter(game.movers[i], game.history[i]).toLowerCase() === letters[j].toLowerCase();
    if (!same) return { ok: false, error: "not-in-record" };
  }
  return { ok: true, ply: first + Math.max(1, letters.length) };
}
