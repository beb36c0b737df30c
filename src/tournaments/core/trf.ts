/**
 * FIDE's Tournament Report File, TRF-16 (C.04 Annex 2), with the TRF(x) lines that bbpPairings and JaVaFo read:
 * `XXR <rounds>` (the planned rounds) and `XXC white1|black1` (the top seed's side in round 1). So an
 * independent checker (e.g. `bbpPairings --dutch file.trf -c`) can verify every round's pairing.
 * South is White (`w`), North Black (`b`). A player line (001), 1-based columns: 5-8 start number, 15-47
 * name, 49-52 rating, 81-84 points, 86-89 rank; then per round r, from column 92 + 10(r-1): 4 columns of
 * opponent start number, a space, the colour, a space, the result (`1`, `0`, `=`; a bye `0000 - U`, which
 * scores a win; `0000 - Z` for a round without a game). Start numbers are the pairing numbers.
 * Columns count Unicode code points, as bbpPairings does (it decodes the file as UTF-8): a name with an emoji
 * (two UTF-16 code units in JavaScript, one column) would otherwise shift every later column.
 */
import { pairingNumbers } from "./pairing.ts";
import { standings } from "./standings.ts";
import type { GameResult, SwissGame, SwissRound, SwissTournament } from "./types.ts";

/** Writes `text` so that its last code point is at 1-based column `end`; one array slot per code point. */
function put(line: string[], end: number, text: string): void {
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i++) line[end - chars.length + i] = chars[i];
}

export function toTrf(tournament: SwissTournament): string {
  const numbers = pairingNumbers(tournament.entrants);
  const byNumber = [...tournament.entrants].sort((a, b) => numbers.get(a.id)! - numbers.get(b.id)!);
  const table = new Map(standings(tournament).map((s) => [s.id, s]));
  const topSeed = byNumber[0]?.id;
  const firstGame = tournament.played[0]?.games.find((g) => g.south === topSeed || g.north === topSeed);
  const lines = [
    `012 ${tournament.name}`,
    `062 ${tournament.entrants.length}`,
    "092 Individual: Swiss-System",
    `XXR ${tournament.rounds}`,
    `XXC ${firstGame && firstGame.north === topSeed ? "black1" : "white1"}`,
  ];
  for (const entrant of byNumber) {
    const line = Array(89 + 10 * tournament.played.length).fill(" ");
    put(line, 3, "001");
    put(line, 8, String(numbers.get(entrant.id)));
    const name = Array.from(entrant.name).slice(0, 33).join("");
    put(line, 14 + Array.from(name).length, name);
    if (entrant.rating > 0) put(line, 52, String(Math.min(9999, Math.round(entrant.rating))));
    const standing = table.get(entrant.id)!;
    put(line, 84, standing.score.toFixed(1));
    put(line, 89, String(standing.rank));
    tournament.played.forEach((round, r) => {
      const at = 92 + 10 * r;
      const game = round.games.find((g) => g.south === entrant.id || g.north === entrant.id);
      if (game) {
        const south = game.south === entrant.id;
        const opponent = south ? game.north : game.south;
        const mine = game.result === "draw" ? "=" : (game.result === "south") === south ? "1" : "0";
        put(line, at + 3, String(numbers.get(opponent)).padStart(4, " "));
        put(line, at + 5, south ? "w" : "b");
        put(line, at + 7, mine);
      } else {
        put(line, at + 3, "0000");
        put(line, at + 5, "-");
        put(line, at + 7, round.bye === entrant.id ? "U" : "Z");
      }
    });
    lines.push(line.join("").trimEnd());
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Reads what `toTrf` writes: entrants get their start number, four digits, as id ("0001", "0002", …: so that
 * equal ratings keep their start order). Returns null for a file
 * it cannot read (no player lines, or a round that names an unknown player or disagrees between the two).
 */
export function fromTrf(text: string): SwissTournament | null {
  let name = "";
  let rounds = 0;
  const entrants: { id: string; name: string; rating: number }[] = [];
  const blocks = new Map<string, string[]>();
  for (const line of text.split(/\r?\n/)) {
    // Columns are code points (see the file's comment): slice an array of them, not the UTF-16 string.
    const chars = Array.from(line);
    const cols = (from: number, to?: number) => chars.slice(from, to).join("");
    if (line.startsWith("012 ")) name = cols(4);
    else if (line.startsWith("XXR ")) rounds = Number.parseInt(cols(4), 10);
    else if (line.startsWith("001")) {
      const id = cols(4, 8).trim().padStart(4, "0");
      const rating = Number.parseInt(cols(48, 52), 10);
      entrants.push({ id, name: cols(14, 47).trimEnd(), rating: Number.isNaN(rating) ? 0 : rating });
      const list: string[] = [];
      for (let at = 91; at < chars.length; at += 10) list.push(cols(at, at + 8).padEnd(8, " "));
      blocks.set(id, list);
    }
  }
  if (entrants.length === 0 || Number.isNaN(rounds)) return null;
  const played: SwissRound[] = [];
  const count = Math.max(0, ...[...blocks.values()].map((b) => b.length));
  for (let r = 0; r < count; r++) {
    const games: SwissGame[] = [];
    let bye: string | null = null;
    for (const e of entrants) {
      const block = blocks.get(e.id)![r] ?? "0000 - Z";
      const opponent = block.slice(0, 4).trim().padStart(4, "0");
      const colour = block[5];
      const result = block[7];
      if (result === "U") bye = e.id;
      if (colour !== "w") continue;
      const theirs = blocks.get(opponent)?.[r];
      if (theirs?.[5] !== "b" || theirs.slice(0, 4).trim().padStart(4, "0") !== e.id) return null;
      const outcome: GameResult | null =
        result === "1" ? "south" : result === "0" ? "north" : result === "=" ? "draw" : null;
      if (!outcome) return null;
      games.push({ south: e.id, north: opponent, result: outcome });
    }
    played.push({ games, bye });
  }
  return { name, rounds, entrants, played };
}
