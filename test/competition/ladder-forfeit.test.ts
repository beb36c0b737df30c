import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { afterForfeit, afterLadderGame, challengeRefusal } from "../../src/competition/ladder.ts";

const rungs = ["ann", "bo", "cy", "di", "ed", "fay"];

describe("ladder forfeit", () => {
  it("forfeit - the challenger takes the target's rung - a challenge still allowed", () => {
    expect(afterForfeit(rungs, "ed", "bo")).toEqual(["ann", "ed", "bo", "cy", "di", "fay"]);
  });

  it("forfeit - nothing moves - target out of reach, below, or off the ladder now", () => {
    expect(afterForfeit(rungs, "fay", "bo")).toEqual(rungs);
    expect(afterForfeit(rungs, "bo", "ed")).toEqual(rungs);
    expect(afterForfeit(rungs, "ed", "zed")).toEqual(rungs);
    expect(afterForfeit(rungs, "zed", "bo")).toEqual(rungs);
  });

  it("forfeit - never moves anyone further than reach - random ladders", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { minLength: 2 }), fc.nat(), fc.nat(), (r, i, j) => {
        const a = r[i % r.length];
        const b = r[j % r.length];
        const next = afterForfeit(r, a, b);
        expect([...next].sort()).toEqual([...r].sort());
        if (challengeRefusal(r, a, b) === null) expect(next).toEqual(afterLadderGame(r, a, b, true));
        else expect(next).toEqual(r);
        expect(r.indexOf(a) - next.indexOf(a)).toBeLessThanOrEqual(3);
      }),
    );
  });
});
