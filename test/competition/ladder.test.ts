import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { afterLadderGame, challengeRefusal, dropInactive, join, rungOf } from "../../src/competition/ladder.ts";
import { seriesScore, southForGame } from "../../src/competition/series.ts";

const rungs = ["ann", "bo", "cy", "di", "ed", "fay"];

describe("challenge ladder", () => {
  it("challenge - allowed up to three rungs above - refused further, below or off the ladder", () => {
    expect(challengeRefusal(rungs, "ed", "bo")).toBeNull();
    expect(challengeRefusal(rungs, "ed", "ann")).toBe("out-of-reach");
    expect(challengeRefusal(rungs, "bo", "ed")).toBe("not-above");
    expect(challengeRefusal(rungs, "zed", "ann")).toBe("not-on-ladder");
    expect(challengeRefusal(rungs, "bo", "zed")).toBe("target-not-on-ladder");
  });

  it("result - the lower winner takes the rung and those between move down one", () => {
    expect(afterLadderGame(rungs, "ed", "bo", true)).toEqual(["ann", "ed", "bo", "cy", "di", "fay"]);
    expect(afterLadderGame(rungs, "ed", "bo", false)).toEqual(rungs);
  });

  it("result - keeps every player exactly once - random ladders and games", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { minLength: 2 }), fc.nat(), fc.nat(), fc.boolean(), (r, i, j, won) => {
        const a = r[i % r.length];
        const b = r[j % r.length];
        const next = afterLadderGame(r, a, b, won);
        expect([...next].sort()).toEqual([...r].sort());
        if (won && rungOf(r, b)! < rungOf(r, a)!) expect(rungOf(next, a)).toBe(rungOf(r, b));
      }),
    );
  });

  it("join and inactivity - newcomers start at the bottom, idle players drop and others move up", () => {
    expect(join(rungs, "gil").at(-1)).toBe("gil");
    expect(join(rungs, "cy")).toEqual(rungs);
    const active = new Map<string, number>(rungs.map((u) => [u, 1000]));
    active.set("bo", 0);
    expect(dropInactive(rungs, active, 2000, 1500)).toEqual({
      rungs: ["ann", "cy", "di", "ed", "fay"],
      dropped: ["bo"],
    });
  });
});

describe("first-to-six series", () => {
  it("series - draws do not count and the first to six wins - with South alternating", () => {
    const players = ["ann", "bo"] as const;
    const games = [..."ABxABABAAxBA"].map((c) => ({ winner: c === "x" ? null : c === "A" ? "ann" : "bo" }));
    const score = seriesScore(players, 6, games);
    expect(score.wins).toEqual({ ann: 6, bo: 4 });
    expect(score.draws).toBe(2);
    expect(score.champion).toBe("ann");
    expect(seriesScore(players, 6, games.slice(0, 11)).champion).toBeNull();
    expect([0, 1, 2, 3].map((k) => southForGame(players, k))).toEqual(["ann", "bo", "ann", "bo"]);
  });
});
