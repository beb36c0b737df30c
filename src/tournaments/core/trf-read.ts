/**
 * Reads a TRF-16 / TRF(x) file (see trf.ts for the columns) as federations' tools and bbpPairings write it:
 * CR, LF or CRLF line ends; played games (`1 0 =`, and `W D L`), forfeits (`+ -`, one side or both), the
 * pairing-allocated bye (`U`), half- and full-point byes (`H`, `F`), rounds without a game (`Z`, `0000 -  `
 * or blank: not yet entered, absent or withdrawn). Entrants get their start number, four digits, as id
 * ("0001", …). A trailing round in which no one is paired but some are marked absent (bbpPairings' way of
 * announcing absences before pairing) is returned apart as `upcoming`. Whatever it cannot read it refuses
 * with the line number and the reason, never guessing.
 */
import type { GameResult, Side, SwissAbsence, SwissGame, SwissRound, SwissTournament } from "./types.ts";

export interface TrfError {
  /** 1-based; 0 for the file as a whole. */
  readonly line: number;
  readonly reason: string;
}

export type TrfRead =
  | { readonly ok: true; readonly value: SwissTournament; readonly upcoming: readonly SwissAbsence[] }
  | { readonly ok: false; readonly error: TrfError };

interface Entry {
  readonly opponent: string | null;
  readonly colour: "w" | "b" | "-" | " ";
  readonly result: string;
  readonly line: number;
}

class TrfRefusal extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const PLAYED: Record<string, GameResult> = {
  "1": "south",
  W: "south",
  "0": "north",
  L: "north",
  "=": "draw",
  D: "draw",
};
const ABSENCE: Record<string, 0 | 0.5 | 1> = { H: 0.5, F: 1, Z: 0, " ": 0 };

function readEntry(block: string, lineNo: number, r: number): Entry | null {
  if (block.trim() === "") return null;
  const where = `round ${r + 1}`;
  const opp = block.slice(0, 4).trim();
  const colour = block[5] ?? " ";
  const result = (block[7] ?? " ").toUpperCase();
  if (block[4] !== " " && block[4] !== undefined)
    throw new TrfRefusal(lineNo, `${where}: expected a space after the opponent`);
  if (!"wb- ".includes(colour)) throw new TrfRefusal(lineNo, `${where}: unknown colour "${colour}"`);
  if (!/^\d*$/.test(opp)) throw new TrfRefusal(lineNo, `${where}: opponent "${opp}" is not a start number`);
  const opponent = opp === "" || Number(opp) === 0 ? null : String(Number(opp)).padStart(4, "0");
  const known = result in PLAYED || "+-U".includes(result) || result in ABSENCE;
  if (!known) throw new TrfRefusal(lineNo, `${where}: unknown result "${result}"`);
  if (opponent && (result === "U" || result in ABSENCE)) {
    throw new TrfRefusal(lineNo, `${where}: a bye or absence ("${result}") names an opponent`);
  }
  if (!opponent && (result in PLAYED || result === "+" || result === "-")) {
    throw new TrfRefusal(lineNo, `${where}: a game ("${result}") without an opponent`);
  }
  if (result in PLAYED && colour !== "w" && colour !== "b") {
    throw new TrfRefusal(lineNo, `${where}: a played game without a colour`);
  }
  return { opponent, colour: colour as Entry["colour"], result, line: lineNo };
}

/** The sides of a forfeit without colours: the lower start number takes South. */
function forfeitGame(id: string, mine: Entry, theirs: Entry): SwissGame | null {
  const south = mine.colour === "w" || (mine.colour === "-" && id < mine.opponent!);
  if (!south) return null;
  const result = mine.result === "+" ? "south" : theirs.result === "+" ? "north" : "none";
  return { south: id, north: mine.opponent!, result, forfeit: true };
}

function readRound(ids: readonly string[], entries: Map<string, (Entry | null)[]>, r: number): SwissRound {
  const games: SwissGame[] = [];
  const absences: SwissAbsence[] = [];
  let bye: string | null = null;
  for (const id of ids) {
    const mine = entries.get(id)![r] ?? null;
    if (!mine || (!mine.opponent && mine.result in ABSENCE)) {
      const points = mine ? ABSENCE[mine.result] : 0;
      if (points > 0) absences.push({ id, points });
      continue;
    }
    if (mine.result === "U") {
      if (bye) throw new TrfRefusal(mine.line, `round ${r + 1}: a second pairing-allocated bye`);
      bye = id;
      continue;
    }
    const theirs = entries.get(mine.opponent!)?.[r] ?? null;
    if (!theirs || theirs.opponent !== id) {
      throw new TrfRefusal(mine.line, `round ${r + 1}: opponent ${mine.opponent} does not name ${id} back`);
    }
    const forfeit = mine.result === "+" || mine.result === "-";
    if (forfeit !== (theirs.result === "+" || theirs.result === "-")) {
      throw new TrfRefusal(mine.line, `round ${r + 1}: a forfeit against a played game`);
    }
    if (forfeit) {
      const game = forfeitGame(id, mine, theirs);
      if (game) games.push(game);
      continue;
    }
    if (mine.colour === theirs.colour)
      throw new TrfRefusal(mine.line, `round ${r + 1}: both players have ${mine.colour}`);
    if (mine.colour !== "w") continue;
    const result = PLAYED[mine.result];
    const expected = result === "south" ? "north" : result === "north" ? "south" : "draw";
    if (PLAYED[theirs.result] !== expected) {
      throw new TrfRefusal(mine.line, `round ${r + 1}: results ${mine.result} and ${theirs.result} disagree`);
    }
    games.push({ south: id, north: mine.opponent!, result });
  }
  return absences.length > 0 ? { games, bye, absences } : { games, bye };
}

/** The top seed's side in round 1 from the first paired round, as bbpPairings infers it without `XXC`. */
function inferFirstSide(ids: readonly string[], played: readonly SwissRound[]): Side {
  for (const round of played) {
    const paired = ids.filter((id) => round.bye === id || round.games.some((g) => g.south === id || g.north === id));
    const coloured = round.games.filter((g) => !g.forfeit);
    if (coloured.length === 0) continue;
    for (let k = 0; k < paired.length; k++) {
      const game = coloured.find((g) => g.south === paired[k] || g.north === paired[k]);
      if (!game) continue;
      const side: Side = game.south === paired[k] ? "S" : "N";
      return k % 2 === 0 ? side : side === "S" ? "N" : "S";
    }
  }
  return "S";
}

function read(text: string): { value: SwissTournament; upcoming: SwissAbsence[] } {
  let name = "";
  let rounds: number | null = null;
  let firstSide: Side | null = null;
  const entrants: { id: string; name: string; rating: number }[] = [];
  const entries = new Map<string, (Entry | null)[]>();
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    const lineNo = index + 1;
    const chars = Array.from(line);
    const cols = (from: number, to?: number) => chars.slice(from, to).join("");
    const code = cols(0, 3);
    if (code === "012") name = cols(4).trim();
    else if (code === "XXR" || code === "142") {
      const value = Number(cols(4).trim());
      if (!Number.isInteger(value) || value < 0)
        throw new TrfRefusal(lineNo, `${code}: "${cols(4).trim()}" is not a number of rounds`);
      rounds = value;
    } else if (code === "XXC") {
      const words = cols(4).trim().split(/\s+/);
      if (words.includes("white1")) firstSide = "S";
      else if (words.includes("black1")) firstSide = "N";
    } else if (code === "001") {
      if (chars.length < 84) throw new TrfRefusal(lineNo, "a player line shorter than its points column (84)");
      const number = cols(4, 8).trim();
      if (!/^\d+$/.test(number) || Number(number) === 0)
        throw new TrfRefusal(lineNo, `start number "${number}" is not a number`);
      const id = number.padStart(4, "0");
      if (entries.has(id)) throw new TrfRefusal(lineNo, `start number ${Number(number)} is listed twice`);
      const ratingText = cols(48, 52).trim();
      if (ratingText !== "" && !/^\d+$/.test(ratingText))
        throw new TrfRefusal(lineNo, `rating "${ratingText}" is not a number`);
      entrants.push({ id, name: cols(14, 47).trim(), rating: ratingText === "" ? 0 : Number(ratingText) });
      const list: (Entry | null)[] = [];
      for (let at = 91, r = 0; at < chars.length; at += 10, r++)
        list.push(readEntry(cols(at, at + 8).padEnd(8, " "), lineNo, r));
      entries.set(id, list);
    }
  });
  if (entrants.length === 0) throw new TrfRefusal(0, "no player lines (001)");
  const ids = entrants.map((e) => e.id);
  for (const [id, list] of entries) {
    list.forEach((entry, r) => {
      if (entry?.opponent && !entries.has(entry.opponent)) {
        throw new TrfRefusal(entry.line, `round ${r + 1}: opponent ${Number(entry.opponent)} has no player line`);
      }
      if (entry?.opponent === id) throw new TrfRefusal(entry.line, `round ${r + 1}: player meets themself`);
    });
  }
  const count = Math.max(0, ...[...entries.values()].map((l) => l.length));
  const all: SwissRound[] = [];
  for (let r = 0; r < count; r++) all.push(readRound(ids, entries, r));
  let pairedRounds = all.length;
  while (pairedRounds > 0 && all[pairedRounds - 1].games.length === 0 && !all[pairedRounds - 1].bye) pairedRounds--;
  const played = all.slice(0, pairedRounds);
  const upcoming: SwissAbsence[] = [];
  if (all.length > pairedRounds) {
    for (const id of ids) {
      const entry = entries.get(id)![pairedRounds];
      if (entry) upcoming.push({ id, points: ABSENCE[entry.result] ?? 0 });
    }
  }
  const value: SwissTournament = {
    name,
    rounds: rounds ?? played.length,
    firstSide: firstSide ?? inferFirstSide(ids, played),
    entrants,
    played,
  };
  return { value, upcoming };
}

/** Reads a TRF file; see the file's comment for what it takes. */
export function fromTrf(text: string): TrfRead {
  try {
    return { ok: true, ...read(text) };
  } catch (error) {
    if (error instanceof TrfRefusal) return { ok: false, error: { line: error.line, reason: error.reason } };
    throw error;
  }
}
