/**
 * FIDE's Tournament Report File, TRF-16 (C.04 Annex 2), with the TRF(x) lines that bbpPairings and JaVaFo read:
 * `XXR <rounds>` (the planned rounds) and `XXC white1|black1` (the top seed's side in round 1). So an
 * independent checker (e.g. `bbpPairings --dutch file.trf -c`) can verify every round's pairing.
 * South is White (`w`), North Black (`b`). A player line (001), 1-based columns: 5-8 start number, 15-47
 * name, 49-52 rating, 81-84 points, 86-89 rank; then per round r, from column 92 + 10(r-1): 4 columns of
 * opponent start number, a space, the colour, a space, the result (`1`, `0`, `=`; a forfeit `+`/`-`; a
 * pairing-allocated bye `0000 - U`, scored as a win; `0000 - H` a half-point bye, `0000 - F` a full-point
 * bye, `0000 - Z` a round without a game). Start numbers are the pairing numbers.
 * Columns count Unicode code points, as bbpPairings does (it decodes the file as UTF-8): a name with an emoji
 * (two UTF-16 code units in JavaScript, one column) would otherwise shift every later column.
 * The reader is trf-read.ts.
 */
import { pairingNumbers } from "./pairing-numbers.ts";
import { standings } from "./standings.ts";
import type { SwissTournament } from "./types.ts";

export { fromTrf, type TrfError, type TrfRead } from "./trf-read.ts";

/** Writes `text` so that its last code point is at 1-based column `end`; one array slot per code point. */
function put(line: string[], end: number, text: string): void {
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i++) line[end - chars.length + i] = chars[i];
}

const absenceCode = { 0: "Z", 0.5: "H", 1: "F" } as const;

export function toTrf(tournament: SwissTournament): string {
  const numbers = pairingNumbers(tournament.entrants);
  const byNumber = [...tournament.entrants].sort((a, b) => numbers.get(a.id)! - numbers.get(b.id)!);
  const table = new Map(standings(tournament).map((s) => [s.id, s]));
  const lines = [
    `012 ${tournament.name}`,
    `062 ${tournament.entrants.length}`,
    "092 Individual: Swiss-System",
    `XXR ${tournament.rounds}`,
    `XXC ${tournament.firstSide === "N" ? "black1" : "white1"}`,
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
        const won = game.result === (south ? "south" : "north");
        const mine = game.forfeit ? (won ? "+" : "-") : game.result === "draw" ? "=" : won ? "1" : "0";
        put(line, at + 3, String(numbers.get(opponent)).padStart(4, " "));
        put(line, at + 5, south ? "w" : "b");
        put(line, at + 7, mine);
      } else {
        const absence = round.absences?.find((a) => a.id === entrant.id);
        put(line, at + 3, "0000");
        put(line, at + 5, "-");
        put(line, at + 7, round.bye === entrant.id ? "U" : absenceCode[absence?.points ?? 0]);
      }
    });
    lines.push(line.join("").trimEnd());
  }
  return `${lines.join("\n")}\n`;
}
