import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromTrf, toTrf } from "../../../src/tournaments/core/index.ts";
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
          const back = fromTrf(text);
          expect(back).not.toBeNull();
          expect(toTrf(back!)).toBe(text);
          expect(back!.played.length).toBe(tournament.played.length);
          expect(back!.played.map((r) => r.games.length)).toEqual(tournament.played.map((r) => r.games.length));
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
    const back = fromTrf(text)!;
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
});
