import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromTrf, standings, toTrf } from "../../../src/tournaments/core/index.ts";
import { field, play } from "./simulate.ts";

describe("Swiss TRF", () => {
  it("toTrf - writes TRF-16 player lines with XXR and XXC - three players, two rounds", () => {
    const { tournament } = play(field(3, [1700, 1600, 1500]), 2, [0, 2]);
    const text = toTrf(tournament);
    expect(text.split("\n").slice(0, 5)).toEqual([
      "012 Test Swiss",
      "062 3",
      "092 Individual: Swiss-System",
      "XXR 9",
      "XXC white1",
    ]);
    const p3 = text.split("\n").find((l) => l.startsWith("001    3"))!;
    expect(p3.slice(0, 8)).toBe("001    3");
    expect(p3.slice(14, 47).trimEnd()).toBe("Player 3");
    expect(p3.slice(48, 52)).toBe("1500");
    expect(p3.slice(91, 99)).toBe("0000 - U");
  });

  it("fromTrf - reads back what toTrf writes - random fields and results", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 6 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 100 }),
        fc.array(fc.integer({ min: 1000, max: 2800 }), { maxLength: 30 }),
        (n, rounds, res, ratings) => {
          const { tournament } = play(field(n, ratings), rounds, res);
          const text = toTrf(tournament);
          const read = fromTrf(text);
          if (!read.ok) throw new Error(`line ${read.error.line}: ${read.error.reason}`);
          const back = read.value;
          expect(toTrf(back)).toBe(text);
          expect(back.played.length).toBe(tournament.played.length);
          expect(back.played.map((r) => r.games.length)).toEqual(tournament.played.map((r) => r.games.length));
        },
      ),
      { numRuns: 100 },
    );
  });

  it("toTrf - counts columns in code points, as bbpPairings reads them - a name with an emoji", () => {
    const base = field(3, [1700, 1600, 1500]);
    const names = ["🦊 Fox", "Zoë", "李小龍"];
    const t = { ...base, entrants: base.entrants.map((e, i) => ({ ...e, name: names[i] })) };
    const { tournament } = play(t, 2, [0, 2]);
    const text = toTrf(tournament);
    for (const line of text.split("\n").filter((l) => l.startsWith("001"))) {
      const cols = Array.from(line);
      expect(cols.slice(48, 52).join("")).toMatch(/^\d{4}$/);
      expect(cols.slice(91, 99).join("")).toMatch(/^( {3}\d [wb] [10=]|0000 - U)$/);
    }
    const fox = Array.from(text.split("\n").find((l) => l.startsWith("001    1"))!);
    expect(fox.slice(14, 47).join("").trimEnd()).toBe("🦊 Fox");
    expect(fox.slice(48, 52).join("")).toBe("1700");
    const read = fromTrf(text);
    if (!read.ok) throw new Error(read.error.reason);
    const back = read.value;
    expect(back.entrants.map((e) => [e.name, e.rating])).toEqual([
      ["🦊 Fox", 1700],
      ["Zoë", 1600],
      ["李小龍", 1500],
    ]);
    expect(toTrf(back)).toBe(text);
  });

  it("toTrf - cuts a long name at 33 code points, never inside an emoji - 40 emoji", () => {
    const base = field(2, [1600, 1500]);
    const t = { ...base, entrants: base.entrants.map((e, i) => ({ ...e, name: i === 0 ? "🦊".repeat(40) : e.name })) };
    const line = toTrf(t)
      .split("\n")
      .find((l) => l.startsWith("001    1"))!;
    expect(Array.from(line).slice(14, 47).join("")).toBe("🦊".repeat(33));
    expect(Array.from(line).slice(48, 52).join("")).toBe("1600");
  });

  it("fromTrf - reads bbpPairings' own file - CR line ends, forfeits, half-point and zero-point byes", () => {
    const cr = [
      "012 AutoTest Tournament 7",
      "142 3",
      "001    1      Test0001 Player0001               2433                             1.5    1     3 b 1     2 w -  0000 - H",
      "001    2      Test0002 Player0002               2383                             1.0    2  0000 - U     1 b +  0000 - Z",
      "001    3      Test0003 Player0003               2353                             0.0    3     1 w 0  0000 - Z",
      "",
      "092 FIDE_DUTCH_2025",
    ].join("\r");
    for (const text of [cr, cr.replaceAll("\r", "\n"), cr.replaceAll("\r", "\r\n")]) {
      const read = fromTrf(text);
      if (!read.ok) throw new Error(`line ${read.error.line}: ${read.error.reason}`);
      const t = read.value;
      expect(t.rounds).toBe(3);
      expect(t.firstSide).toBe("N");
      expect(t.played).toHaveLength(2);
      expect(t.played[0]).toEqual({ games: [{ south: "0003", north: "0001", result: "north" }], bye: "0002" });
      expect(t.played[1].games).toEqual([{ south: "0001", north: "0002", result: "north", forfeit: true }]);
      expect(read.upcoming).toEqual([
        { id: "0001", points: 0.5 },
        { id: "0002", points: 0 },
      ]);
      expect(standings(t).map((s) => [s.id, s.score])).toEqual([
        ["0002", 2],
        ["0001", 1],
        ["0003", 0],
      ]);
    }
  });

  it("fromTrf - refuses what it cannot read, with the line and the reason - broken files", () => {
    const line = (rest: string) =>
      `001    1      Test0001 Player0001               2433                             1.0    1${rest}`;
    const two = "001    2      Test0002 Player0002               2383                             0.0    2     1 b 0";
    expect(fromTrf("012 Empty\n")).toEqual({ ok: false, error: { line: 0, reason: "no player lines (001)" } });
    expect(fromTrf(`012 X\n${line("     2 w X")}\n${two}`)).toEqual({
      ok: false,
      error: { line: 2, reason: 'round 1: unknown result "X"' },
    });
    expect(fromTrf(`${line("     3 w 1")}\n${two}`)).toEqual({
      ok: false,
      error: { line: 1, reason: "round 1: opponent 3 has no player line" },
    });
    expect(fromTrf(`${line("     2 w 1")}\n${two.slice(0, -1)}1`)).toEqual({
      ok: false,
      error: { line: 1, reason: "round 1: results 1 and 1 disagree" },
    });
    expect(fromTrf(`${line("  0000 - H")}\n${line("  0000 - H")}`)).toEqual({
      ok: false,
      error: { line: 2, reason: "start number 1 is listed twice" },
    });
  });
});
