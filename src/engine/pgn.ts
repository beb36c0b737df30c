/**
 * Exportable game records: a PGN-like text with tag pairs and the move letters, e.g.
 *
 *   [Ruleset "abapa"]
 *   [South "alice"]
 *   [North "bob"]
 *   [Date "2026.11.30"]
 *   [Result "1-0"]
 *   [Reason "twenty-five"]
 *
 *   1. C e 2. A f 3. B d ... 1-0
 *
 * The moves are numbered as players write them: a number starts with South's move after North's
 * (a Caribbean extra move stays in its number, "3. E F b"). Import skips the numbers.
 * A `Position` tag holds the start position string when the game did not start from the usual one.
 * Import replays the letters through the engine (so a record with an illegal move is refused).
 */

import { fromRecordText, type GameState } from "./game.ts";
import { moveNumbers } from "./move-numbers.ts";
import { formatMoves, formatPosition, isStartPosition } from "./notation.ts";
import type { Player, Result } from "./types.ts";
import { fail, ok } from "./types.ts";

/** The tags of an exported record besides the ruleset and start position. */
export interface RecordTags {
  /** South's name. */
  readonly south: string;
  /** North's name. */
  readonly north: string;
  /** ISO date or Date; written as YYYY.MM.DD. */
  readonly date: Date;
  /** The winner (0 South, 1 North), null for a draw, undefined while the game goes on. */
  readonly winner?: Player | null;
  /** Why the game ended: an engine reason or the bot's (resign, timeout, agreement, abort). */
  readonly reason?: string;
  /** Extra tags by name, e.g. Site (the server name) and Game (the game id). */
  readonly extra?: Readonly<Record<string, string>>;
}

const RESULT_TOKENS = { south: "1-0", north: "0-1", draw: "1/2-1/2", open: "*" } as const;

function resultToken(winner: Player | null | undefined): string {
  if (winner === undefined) return RESULT_TOKENS.open;
  if (winner === null) return RESULT_TOKENS.draw;
  return winner === 0 ? RESULT_TOKENS.south : RESULT_TOKENS.north;
}

const quote = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/** The game as a PGN-like text (tag pairs, then the move letters and the result) that importRecord reads. */
export function exportRecord(state: GameState, tags: RecordTags): string {
  const d = tags.date;
  const date = `${d.getUTCFullYear()}.${String(d.getUTCMonth() + 1).padStart(2, "0")}.${String(d.getUTCDate()).padStart(2, "0")}`;
  const result = resultToken(tags.winner);
  const pairs: [string, string][] = [
    ["Ruleset", state.ruleset],
    ["South", tags.south],
    ["North", tags.north],
    ["Date", date],
    ["Result", result],
  ];
  if (tags.reason) pairs.push(["Reason", tags.reason]);
  if (!isStartPosition(state.start)) pairs.push(["Position", formatPosition(state.start)]);
  for (const [name, value] of Object.entries(tags.extra ?? {})) pairs.push([name, value]);
  const lines = wrap(numberedMoves(state.history, state.movers), 60);
  return `${pairs.map(([k, v]) => `[${k} ${quote(v)}]`).join("\n")}\n\n${[...lines, result].join("\n")}\n`;
}

/** "1. C e 2. A f": the numbers of move-numbers.ts, each written before its first move. */
function numberedMoves(moves: readonly number[], movers: readonly Player[]): string[] {
  const numbers = moveNumbers(movers);
  return moves.flatMap((house, i) => {
    const move = formatMoves([house], [movers[i]]);
    return i === 0 || numbers[i].number !== numbers[i - 1].number ? [`${numbers[i].number}.`, move] : [move];
  });
}

/** Joins tokens into lines of at most `width` characters, breaking between tokens. */
function wrap(tokens: readonly string[], width: number): string[] {
  const lines: string[] = [];
  for (const token of tokens) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + token.length <= width) lines[last] += ` ${token}`;
    else lines.push(token);
  }
  return lines;
}

/** A record read back: the replayed game and every tag by name. */
export interface ImportedRecord {
  /** The game after the record's moves. */
  readonly state: GameState;
  /** Every tag pair of the record, by name. */
  readonly tags: Readonly<Record<string, string>>;
}

/** Parses an exported record and replays it; an engine-decided result must agree with the Result tag. */
export function importRecord(text: string): Result<ImportedRecord> {
  const tags: Record<string, string> = {};
  const body: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const tag = /^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/.exec(line.trim());
    if (tag) tags[tag[1]] = tag[2].replace(/\\(.)/g, "$1");
    else body.push(line);
  }
  if (!tags.Ruleset) return fail("notation/invalid", "the record has no Ruleset tag");
  const tokens = body
    .join(" ")
    .trim()
    .split(/\s+/)
    .filter((token) => token && !/^\d+\.$/.test(token));
  const result = tokens.at(-1);
  if (result && (Object.values(RESULT_TOKENS) as string[]).includes(result)) tokens.pop();
  const record = [tags.Ruleset, tags.Position ?? "", tokens.join("")].filter(Boolean).join(" ");
  const replayed = fromRecordText(record);
  if (!replayed.ok) return replayed;
  const state = replayed.value;
  if (state.outcome.over && tags.Result && tags.Result !== resultToken(state.outcome.winner)) {
    return fail(
      "notation/invalid",
      `the Result tag ${tags.Result} disagrees with the moves (${resultToken(state.outcome.winner)})`,
    );
  }
  return ok({ state, tags });
}
