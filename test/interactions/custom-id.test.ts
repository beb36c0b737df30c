import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RULESET_IDS } from "../../src/engine/index.ts";
import { type CustomId, formatCustomId, parseCustomId } from "../../src/interactions/custom-id.ts";

const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,32}$/);
const customId: fc.Arbitrary<CustomId> = fc.oneof(
  fc.record({
    type: fc.constant("challenge" as const),
    challengeId: id,
    action: fc.constantFrom("accept" as const, "decline" as const, "cancel" as const),
  }),
  fc.record({
    type: fc.constant("game" as const),
    gameId: id,
    ply: fc.integer({ min: 0, max: 999_999 }),
    action: fc.oneof(
      fc.record({ kind: fc.constant("move" as const), house: fc.integer({ min: 1, max: 6 }) }),
      fc.constantFrom(
        { kind: "resign" as const },
        { kind: "resign-confirm" as const },
        { kind: "draw" as const },
        { kind: "animate" as const },
      ),
    ),
  }),
  fc.record({
    type: fc.constant("leaderboard" as const),
    ruleset: fc.constantFrom(...RULESET_IDS),
    season: fc.integer({ min: 1, max: 999_999 }),
    page: fc.integer({ min: 0, max: 999_999 }),
    nav: fc.constantFrom("prev" as const, "next" as const, "me" as const),
  }),
  fc.record({
    type: fc.constant("view" as const),
    gameId: id,
    ply: fc.integer({ min: 0, max: 999_999 }),
    nav: fc.constantFrom("first" as const, "back" as const, "forward" as const, "last" as const),
  }),
  fc.record({
    type: fc.constant("forget" as const),
    userId: fc.stringMatching(/^\d{1,21}$/),
    confirm: fc.boolean(),
  }),
  fc.record({
    type: fc.constant("tournament" as const),
    tournamentId: id,
    action: fc.constantFrom("join" as const, "leave" as const, "leave-confirm" as const, "start" as const),
  }),
);

describe("custom ids", () => {
  it("custom id - parses back to the same data - any button", () => {
    fc.assert(
      fc.property(customId, (value) => {
        const text = formatCustomId(value);
        expect(text.length).toBeLessThanOrEqual(100);
        expect(parseCustomId(text)).toEqual(value);
      }),
    );
  });

  it("custom id - short colon-separated fields - move, accept and leaderboard page", () => {
    expect(formatCustomId({ type: "game", gameId: "abc", ply: 7, action: { kind: "move", house: 3 } })).toBe(
      "g:abc:7:m:3",
    );
    expect(formatCustomId({ type: "challenge", challengeId: "xyz", action: "accept" })).toBe("c:xyz:accept");
    expect(formatCustomId({ type: "leaderboard", ruleset: "wari", season: 2, page: 3, nav: "next" })).toBe(
      "lb:wari:2:3:n",
    );
    expect(formatCustomId({ type: "view", gameId: "abc", ply: 12, nav: "back" })).toBe("v:abc:12:b");
    expect(formatCustomId({ type: "tournament", tournamentId: "k7m2xq9d", action: "join" })).toBe("t:k7m2xq9d:j");
  });

  it.each([
    "",
    "g",
    "g:abc",
    "g:abc:1:m",
    "g:abc:1:m:7",
    "g:abc:x:r",
    "g:abc:1:zz",
    "c:abc:eat",
    "x:abc:1:r",
    "g:a:b:1:r",
    "lb:chess:1:0:p",
    "lb:abapa:1:0",
    "lb:abapa:x:0:p",
    "lb:abapa:1:0:z",
    "v:abc:1",
    "v:abc:-1:f",
    "v:abc:1:q",
  ])("custom id - is null - malformed %j", (text) => {
    expect(parseCustomId(text)).toBeNull();
  });
});
