import { describe, expect, it } from "vitest";
import { fromPosition, type MoveEvent, newGame, parsePosition, play } from "../../src/engine/index.ts";
import { translator } from "../../src/i18n/index.ts";
import { listLetters, narrateMove, resultText } from "../../src/present/narrate.ts";

const en = translator("en");

const pickup = (pit: number, seeds: number, relay = false): MoveEvent => ({ type: "pickup", pit, seeds, relay });

describe("narrate", () => {
  it("narrate - names the sown house - quiet move from the engine", () => {
    const played = play(newGame("abapa"), 3);
    if (!played.ok) throw new Error(played.error.message);
    expect(narrateMove({ ruleset: "abapa", player: 0, house: 3, events: played.value.events }, en)).toBe(
      "South played C",
    );
  });

  it("narrate - lists captured pits in order - capture from the engine", () => {
    // South's F (4 seeds) ends in North's d; a..d hold 1 each before the move.
    const position = parsePosition("abapa", "4-4-4-4-4-4-1-1-1-1-2-4-7-7-S");
    if (!position.ok) throw new Error(position.error.message);
    const game = fromPosition("abapa", position.value);
    if (!game.ok) throw new Error(game.error.message);
    const played = play(game.value, 6);
    if (!played.ok) throw new Error(played.error.message);
    const text = narrateMove({ ruleset: "abapa", player: 0, house: 6, events: played.value.events }, en);
    expect(text).toBe("South played F: took 8 from d, c, b and a");
  });

  it("narrate - names the captured pits last first, with the total - capture of two pits", () => {
    const events: MoveEvent[] = [
      pickup(2, 5),
      { type: "capture", player: 0, pits: [9, 8], seeds: [3, 2], total: 5, kay: false },
    ];
    expect(narrateMove({ ruleset: "abapa", player: 0, house: 3, events }, en)).toBe(
      "South played C: took 5 from d and c",
    );
  });

  it("narrate - starts with Kay - haitian capture of fours", () => {
    const events: MoveEvent[] = [
      pickup(7, 3),
      pickup(10, 5, true),
      { type: "capture", player: 1, pits: [4, 3], seeds: [4, 4], total: 8, kay: true },
    ];
    expect(narrateMove({ ruleset: "haiti", player: 1, house: 2, events, names: ["Ama", "Kofi"] }, en)).toBe(
      "Kay! Kofi played b, relaying from e: took 8 from E and D",
    );
  });

  it("narrate - says the slam captures nothing - abapa grand slam", () => {
    const events: MoveEvent[] = [
      pickup(5, 8),
      { type: "grand-slam", player: 0, treatment: "no-capture", pits: [11, 10], seeds: 5 },
    ];
    expect(narrateMove({ ruleset: "abapa", player: 0, house: 6, events }, en)).toBe(
      "South played F. Grand slam: nothing taken under Abapa rules",
    );
  });

  it("narrate - tells the capture and the extra move - caribbean grand slam", () => {
    const events: MoveEvent[] = [
      pickup(5, 8),
      { type: "grand-slam", player: 0, treatment: "capture-extra-move", pits: [11, 10], seeds: 5 },
      { type: "capture", player: 0, pits: [11, 10], seeds: [3, 2], total: 5, kay: false },
      { type: "extra-move", player: 0 },
    ];
    expect(narrateMove({ ruleset: "caribbean", player: 0, house: 6, events }, en)).toBe(
      "South played F. Grand slam! South took the whole row, 5 seeds. South moves again",
    );
  });

  it("narrate - tells the awards, and leaves the result to the result line - game over", () => {
    const events: MoveEvent[] = [
      pickup(0, 1),
      { type: "award", player: 1, kind: "own-side", pits: [6, 7], seeds: 3 },
      { type: "game-over", winner: 1, reason: "no-moves" },
    ];
    expect(narrateMove({ ruleset: "wari", player: 0, house: 1, events }, en)).toBe(
      "South played A. North took the 3 seeds left on their side",
    );
  });

  it("narrate - describes the lone seed and the transfer - haitian single and empty landing", () => {
    const single: MoveEvent[] = [{ type: "single", from: 2, to: 3 }];
    expect(narrateMove({ ruleset: "haiti", player: 0, house: 3, events: single }, en)).toBe(
      "South moved the lone seed from C to D",
    );
    const transfer: MoveEvent[] = [pickup(2, 2), { type: "transfer", from: 4, to: 6 }];
    expect(narrateMove({ ruleset: "haiti", player: 0, house: 3, events: transfer }, en)).toBe(
      "South played C, the last seed moved on to a",
    );
  });

  it("list letters - joins with commas and 'and' - one, two, three pits", () => {
    expect(listLetters([9], en)).toBe("d");
    expect(listLetters([9, 8], en)).toBe("d and c");
    expect(listLetters([9, 8, 7], en)).toBe("d, c and b");
  });

  it.each([
    [{ status: "finished", winner: 1, reason: "resign" }, "North wins by resignation: South resigned at 10–12"],
    [{ status: "finished", winner: 0, reason: "timeout" }, "South wins on time: North ran out of time at 12–10"],
    [{ status: "finished", winner: null, reason: "agreement" }, "Draw 10–12: both players agreed"],
    [{ status: "finished", winner: 1, reason: "twenty-five" }, "North wins 12–10: reached 25 seeds"],
    [
      { status: "aborted", winner: null, reason: "abort" },
      "Game aborted: called off before both players had moved: no result, ratings unchanged",
    ],
    [
      { status: "aborted", winner: null, reason: "no-first-move" },
      "Game aborted: North made no first move in time: no result, ratings unchanged",
    ],
    [
      { status: "aborted", winner: null, reason: "no-first-move", timeLimit: 120 },
      "Game aborted: North made no first move within 2m: no result, ratings unchanged",
    ],
    [
      { status: "cancelled", winner: null, reason: "cancel", note: "spam" },
      "Game cancelled: cancelled by an admin (spam): no result, ratings unchanged",
    ],
  ] as const)("result text - states the ending - %j", (result, expected) => {
    expect(resultText(result, ["South", "North"], [10, 12], 1, en)).toBe(expected);
  });

  it("result text - states the score in kay - haitian game", () => {
    const result = { status: "finished", winner: 1, reason: "stuck", ruleset: "haiti" } as const;
    expect(resultText(result, ["South", "North"], [20, 28], null, en)).toBe(
      "North wins 7–5 kay: no legal move was left",
    );
  });

  it.each([
    [{ status: "finished", winner: 1, reason: "resign" }, "North wins by resignation: South resigned"],
    [{ status: "finished", winner: 0, reason: "timeout" }, "South wins on time: North ran out of time"],
    [{ status: "finished", winner: null, reason: "agreement" }, "Draw by agreement: before any capture"],
  ] as const)("result text - how it was won, no 0–0 score - %j before any capture", (result, expected) => {
    expect(resultText(result, ["South", "North"], [0, 0], 1, en)).toBe(expected);
  });

  it("result text - the score a resignation came at, in kay - haitian game", () => {
    const result = { status: "finished", winner: 0, reason: "resign", ruleset: "haiti" } as const;
    expect(resultText(result, ["South", "North"], [8, 4], null, en)).toBe(
      "South wins by resignation: North resigned at 1–2 kay",
    );
  });
});
