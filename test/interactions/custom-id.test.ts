import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RULESET_IDS } from "../../src/engine/index.ts";
import { BUTTONS } from "../../src/interactions/buttons/index.ts";
import { BUTTON_IDS, type CustomId, formatCustomId, parseCustomId } from "../../src/interactions/custom-id.ts";

const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,32}$/);
const customId: fc.Arbitrary<CustomId> = fc.oneof(
  fc.record({
    type: fc.constant("challenge" as const),
    challengeId: id,
    action: fc.constantFrom("accept" as const, "decline" as const, "confirm-decline" as const, "cancel" as const),
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
        { kind: "draw-accept" as const },
        { kind: "draw-decline" as const },
        { kind: "animate" as const },
        { kind: "rematch" as const },
        { kind: "hint" as const },
        { kind: "analyse" as const },
        { kind: "takeback" as const },
        { kind: "takeback-accept" as const },
        { kind: "takeback-decline" as const },
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
  fc.record({ type: fc.constant("season" as const), season: fc.integer({ min: 1, max: 999_999 }) }),
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

/**
 * One id of every kind and action as buttons on messages already posted carry it: the wire format, which must
 * never change (a restarted bot still answers old buttons).
 */
const WIRE: readonly [string, CustomId][] = [
  ["g:abc:7:m:3", { type: "game", gameId: "abc", ply: 7, action: { kind: "move", house: 3 } }],
  ["g:abc:7:r", { type: "game", gameId: "abc", ply: 7, action: { kind: "resign" } }],
  ["g:abc:7:rc", { type: "game", gameId: "abc", ply: 7, action: { kind: "resign-confirm" } }],
  ["g:abc:7:d", { type: "game", gameId: "abc", ply: 7, action: { kind: "draw" } }],
  ["g:abc:7:da", { type: "game", gameId: "abc", ply: 7, action: { kind: "draw-accept" } }],
  ["g:abc:7:dd", { type: "game", gameId: "abc", ply: 7, action: { kind: "draw-decline" } }],
  ["g:abc:7:a", { type: "game", gameId: "abc", ply: 7, action: { kind: "animate" } }],
  ["g:abc:7:rm", { type: "game", gameId: "abc", ply: 7, action: { kind: "rematch" } }],
  ["g:abc:7:h", { type: "game", gameId: "abc", ply: 7, action: { kind: "hint" } }],
  ["g:abc:7:an", { type: "game", gameId: "abc", ply: 7, action: { kind: "analyse" } }],
  ["g:abc:7:t", { type: "game", gameId: "abc", ply: 7, action: { kind: "takeback" } }],
  ["g:abc:7:ta", { type: "game", gameId: "abc", ply: 7, action: { kind: "takeback-accept" } }],
  ["g:abc:7:td", { type: "game", gameId: "abc", ply: 7, action: { kind: "takeback-decline" } }],
  ["c:xyz:accept", { type: "challenge", challengeId: "xyz", action: "accept" }],
  ["c:xyz:decline", { type: "challenge", challengeId: "xyz", action: "decline" }],
  ["c:xyz:confirm-decline", { type: "challenge", challengeId: "xyz", action: "confirm-decline" }],
  ["c:xyz:cancel", { type: "challenge", challengeId: "xyz", action: "cancel" }],
  ["lb:haiti:2:3:p", { type: "leaderboard", ruleset: "haiti", season: 2, page: 3, nav: "prev" }],
  ["lb:haiti:2:3:n", { type: "leaderboard", ruleset: "haiti", season: 2, page: 3, nav: "next" }],
  ["lb:haiti:2:3:m", { type: "leaderboard", ruleset: "haiti", season: 2, page: 3, nav: "me" }],
  ["v:abc:4:f", { type: "view", gameId: "abc", ply: 4, nav: "first" }],
  ["v:abc:4:b", { type: "view", gameId: "abc", ply: 4, nav: "back" }],
  ["v:abc:4:n", { type: "view", gameId: "abc", ply: 4, nav: "forward" }],
  ["v:abc:4:l", { type: "view", gameId: "abc", ply: 4, nav: "last" }],
  ["s:5:new", { type: "season", season: 5 }],
  ["fm:1234:y", { type: "forget", userId: "1234", confirm: true }],
  ["fm:1234:n", { type: "forget", userId: "1234", confirm: false }],
];

describe("custom ids", () => {
  it("custom id - the wire format of every kind and action is unchanged - ids on posted messages", () => {
    for (const [text, value] of WIRE) {
      expect(parseCustomId(text), text).toEqual(value);
      expect(formatCustomId(value)).toBe(text);
    }
  });

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

describe("button tables", () => {
  it("button tables - the handlers' table lists the codecs' kinds in the same order - BUTTONS and BUTTON_IDS", () => {
    expect(BUTTONS.length).toBe(BUTTON_IDS.length);
    BUTTONS.forEach((kind, i) => {
      expect(kind.format).toBe(BUTTON_IDS[i].format);
      expect(kind.parse).toBe(BUTTON_IDS[i].parse);
    });
  });
});
