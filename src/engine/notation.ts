/**
 * Notation of docs/rules.md section 1: move letters (A..F South, a..f North), the position string
 * (`4-4-4-4-4-4-4-4-4-4-4-4-0-0-S`) and a game record (ruleset, optional start, moves as letters).
 */
import { deepFreeze } from "./freeze.ts";
import { isRulesetId } from "./rulesets.ts";
import type { Player, Position, Result, RulesetId } from "./types.ts";
import { fail, ok } from "./types.ts";

/** Four seeds in every house, empty stores, South to move (deeply frozen). */
export const START_POSITION: Position = deepFreeze({ pits: Array(12).fill(4), stores: [0, 0], toMove: 0 });

/** The pit 0..11 of `player`'s house 1..6. */
export function houseToPit(player: Player, house: number): number {
  return player * 6 + house - 1;
}

/** The letter of a pit: A..F for South's pits 0..5, a..f for North's 6..11. */
export function pitLetter(pit: number): string {
  return pit < 6 ? String.fromCharCode(65 + pit) : String.fromCharCode(97 + pit - 6);
}

/** The letter of `player`'s house 1..6: A..F for South, a..f for North. */
export function moveLetter(player: Player, house: number): string {
  return pitLetter(houseToPit(player, house));
}

/** The player who owns a move letter, and the house number it names. */
export function parseMoveLetter(letter: string): { player: Player; house: number } | null {
  if (/^[A-F]$/.test(letter)) return { player: 0, house: letter.charCodeAt(0) - 64 };
  if (/^[a-f]$/.test(letter)) return { player: 1, house: letter.charCodeAt(0) - 96 };
  return null;
}

/** Checks counts, stores, side to move and the 48 seeds; Oware-family stores must stay below 25. */
export function validatePosition(ruleset: RulesetId, position: unknown): Result<Position> {
  const p = position as Partial<Position> | null;
  const isCount = (n: unknown) => Number.isInteger(n) && (n as number) >= 0;
  if (typeof p !== "object" || p === null) return fail("position/invalid", "a position must be an object");
  if (!Array.isArray(p.pits) || p.pits.length !== 12 || !p.pits.every(isCount)) {
    return fail("position/invalid", "pits must be 12 non-negative integers");
  }
  if (!Array.isArray(p.stores) || p.stores.length !== 2 || !p.stores.every(isCount)) {
    return fail("position/invalid", "stores must be 2 non-negative integers");
  }
  if (p.toMove !== 0 && p.toMove !== 1) return fail("position/invalid", "toMove must be 0 or 1");
  const total = p.pits.reduce((a, b) => a + b, 0) + p.stores[0] + p.stores[1];
  if (total !== 48) return fail("position/invalid", `a position holds 48 seeds, this one ${total}`);
  if (ruleset !== "haiti" && (p.stores[0] >= 25 || p.stores[1] >= 25)) {
    return fail("position/invalid", "a store of 25 or more has already ended an Oware-family game");
  }
  return ok({ pits: [...p.pits], stores: [p.stores[0], p.stores[1]], toMove: p.toMove });
}

/** The position string, e.g. `4-4-4-4-4-4-4-4-4-4-4-4-0-0-S` (12 pits, 2 stores, S or N to move). */
export function formatPosition(position: Position): string {
  return [...position.pits, ...position.stores, position.toMove === 0 ? "S" : "N"].join("-");
}

/** Reads a position string and validates the position for `ruleset`. */
export function parsePosition(ruleset: RulesetId, text: string): Result<Position> {
  const parts = text.trim().split("-");
  if (parts.length !== 15 || !parts.slice(0, 14).every((s) => /^\d+$/.test(s)) || !/^[SN]$/.test(parts[14])) {
    return fail("notation/invalid", `"${text}" is not a position string like 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S`);
  }
  const numbers = parts.slice(0, 14).map(Number);
  return validatePosition(ruleset, {
    pits: numbers.slice(0, 12),
    stores: [numbers[12], numbers[13]],
    toMove: parts[14] === "S" ? 0 : 1,
  });
}

/** Whether `position` is the start position (four seeds a house, empty stores, South to move). */
export function isStartPosition(position: Position): boolean {
  return formatPosition(position) === formatPosition(START_POSITION);
}

/** A move list as letters; `movers[i]` is the player who made move i (Caribbean extra moves repeat a player). */
export function formatMoves(moves: readonly number[], movers: readonly Player[]): string {
  return moves.map((house, i) => moveLetter(movers[i], house)).join("");
}

/** A game as a record: ruleset, start position and moves. */
export interface GameRecord {
  readonly ruleset: RulesetId;
  /** The position the game started from. */
  readonly start: Position;
  /** House numbers 1..6 of the player to move, in order. */
  readonly moves: readonly number[];
}

/**
 * Record text: `<ruleset> [<position string>] <letters>`, e.g. `abapa CfAd` or
 * `haiti 0-1-0-2-5-0-3-0-4-4-1-0-8-20-N dbc`. The position is left out for the start position.
 */
export function formatRecord(record: GameRecord, movers: readonly Player[]): string {
  const parts: string[] = [record.ruleset];
  if (!isStartPosition(record.start)) parts.push(formatPosition(record.start));
  const letters = formatMoves(record.moves, movers);
  if (letters) parts.push(letters);
  return parts.join(" ");
}

/**
 * Parses a record's text. Letters give houses; whose letter it is must be checked against the
 * game (replay does that), since only the replay knows who is to move after an extra move.
 */
export function parseRecord(text: string): Result<GameRecord & { readonly letters: readonly Player[] }> {
  const parts = text.trim().split(/\s+/);
  const ruleset = parts.shift();
  if (!isRulesetId(ruleset)) return fail("ruleset/unknown", `unknown ruleset "${ruleset ?? ""}"`);
  let start = START_POSITION;
  if (parts[0]?.includes("-")) {
    const parsed = parsePosition(ruleset, parts.shift() as string);
    if (!parsed.ok) return parsed;
    start = parsed.value;
  }
  const letters = parts.join("");
  const moves: number[] = [];
  const players: Player[] = [];
  for (const letter of letters) {
    const move = parseMoveLetter(letter);
    if (!move) return fail("notation/invalid", `"${letter}" is not a move letter A-F or a-f`);
    moves.push(move.house);
    players.push(move.player);
  }
  return ok({ ruleset, start, moves, letters: players });
}
