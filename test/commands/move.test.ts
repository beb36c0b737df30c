/** `/nickar move`: reading the house option, and autocomplete suggestions that carry their game. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import { parseHouse, parseHouseOption } from "../../src/games/commands/move.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import { ALICE, BOB, CAROL, options, setup, type World } from "../support/helpers.ts";
import { startGame } from "../support/play.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

const DAVE = "1004";
const ply = (id: string) => w.app.games.get(id)!.row.ply;
const moves = (id: string) => JSON.parse(w.app.games.get(id)!.row.moves) as number[];
const suggest = (userId: string, value: string, game?: string) =>
  COMMANDS.move.autocomplete!(w.ctx(userId), { name: "house", value }, options(game ? { game } : {}));

describe("house option", () => {
  it("parseHouse - one letter in either case or a number - valid houses", () => {
    expect(["A", "a", " c ", "C", "F", "f", "1", " 3", "6"].map(parseHouse)).toEqual([1, 1, 3, 3, 6, 6, 1, 3, 6]);
  });

  it("parseHouse - refuses instead of guessing - extra or wrong characters", () => {
    for (const text of ["Ca", "c5", "CC", "G", "g", "0", "7", "12", "", " ", "3a", "C@", "house C"]) {
      expect(() => parseHouse(text), text).toThrow(expect.objectContaining({ code: "move/invalid" }));
    }
  });

  it("parseHouseOption - reads the game of a suggestion - C@<game>", () => {
    expect(parseHouseOption("C@abc_-12")).toEqual({ house: 3, gameId: "abc_-12" });
    expect(parseHouseOption(" d@XYZ ")).toEqual({ house: 4, gameId: "XYZ" });
    expect(parseHouseOption("5")).toEqual({ house: 5, gameId: null });
    expect(() => parseHouseOption("Ca@abc")).toThrow(expect.objectContaining({ code: "move/invalid" }));
    expect(() => parseHouseOption("C@a:b")).toThrow(expect.objectContaining({ code: "move/invalid" }));
  });

  it("slash move - letters mean the mover's own houses - either case for South and North", async () => {
    const id = await startGame(w, ALICE, BOB);
    await COMMANDS.move.handle(w.ctx(ALICE), options({ house: "c" }));
    await COMMANDS.move.handle(w.ctx(BOB), options({ house: "C" }));
    await COMMANDS.move.handle(w.ctx(ALICE), options({ house: "5" }));
    await COMMANDS.move.handle(w.ctx(BOB), options({ house: "b" }));
    expect(moves(id)).toEqual([3, 3, 5, 2]);
    await expect(async () => COMMANDS.move.handle(w.ctx(ALICE), options({ house: "Ca" }))).rejects.toMatchObject({
      code: "move/invalid",
    });
    expect(ply(id)).toBe(4);
  });
});

describe("move autocomplete", () => {
  /** Alice plays Bob (her move), Carol (Carol's move) and Dave (her move, created last). */
  async function threeGames() {
    const bob = await startGame(w, ALICE, BOB);
    const carol = await startGame(w, CAROL, ALICE);
    w.clock.advance(60_000);
    const dave = await startGame(w, ALICE, DAVE, { time: "5m" });
    return { bob, carol, dave };
  }

  it("move autocomplete - values carry the game and play there - several games", async () => {
    const { bob, dave } = await threeGames();
    const choices = await suggest(ALICE, "");
    expect(choices).toHaveLength(12);
    for (const c of choices) {
      expect(c.value.length).toBeLessThanOrEqual(100);
      expect(c.name.length).toBeLessThanOrEqual(100);
    }
    // Dave's game has the sooner deadline (5 minutes against an hour), so its moves come first.
    expect(choices.slice(0, 6).map((c) => c.value)).toEqual([..."ABCDEF"].map((l) => `${l}@${dave}`));
    expect(choices.slice(6).map((c) => c.value)).toEqual([..."ABCDEF"].map((l) => `${l}@${bob}`));
    // A plain letter is ambiguous with several games; the suggestion is not.
    await expect(async () => COMMANDS.move.handle(w.ctx(ALICE), options({ house: "C" }))).rejects.toMatchObject({
      code: "game/which",
    });
    await COMMANDS.move.handle(w.ctx(ALICE), options({ house: `C@${bob}` }));
    expect(moves(bob)).toEqual([3]);
    expect(ply(dave)).toBe(0);
  });

  it("move autocomplete - only the chosen game's moves - game option given", async () => {
    const { bob, carol, dave } = await threeGames();
    const forBob = await suggest(ALICE, "", bob);
    expect(forBob.map((c) => c.value)).toEqual([..."ABCDEF"].map((l) => `${l}@${bob}`));
    // Carol's game: it is not Alice's move, so there is nothing to suggest.
    expect(await suggest(ALICE, "", carol)).toEqual([]);
    // What was typed narrows by letter (either case) or house number.
    expect((await suggest(ALICE, "d", dave)).map((c) => c.value)).toEqual([`D@${dave}`]);
    expect((await suggest(ALICE, "4", dave)).map((c) => c.value)).toEqual([`D@${dave}`]);
    expect(await suggest(ALICE, "Ca", dave)).toEqual([]);
    // North's letters are lowercase, and Carol's game is hers to move.
    expect((await suggest(CAROL, "", carol)).map((c) => c.value)).toEqual([..."ABCDEF"].map((l) => `${l}@${carol}`));
    await handleButton(w.ctx(CAROL), { type: "game", gameId: carol, ply: 0, action: { kind: "move", house: 1 } });
    const north = await suggest(ALICE, "", carol);
    expect(north.map((c) => c.value)).toEqual([..."abcdef"].map((l) => `${l}@${carol}`));
  });

  it("move autocomplete - at most 25 - five games on the move", async () => {
    w.app.settings.update("100", { maxGamesPerPlayer: 10 });
    for (const opponent of ["2001", "2002", "2003", "2004", "2005"]) await startGame(w, ALICE, opponent);
    expect(await suggest(ALICE, "")).toHaveLength(25);
  });

  it("slash move - refuses a suggestion for another game - game option differs", async () => {
    const { bob, dave } = await threeGames();
    await expect(async () =>
      COMMANDS.move.handle(w.ctx(ALICE), options({ house: `C@${bob}`, game: dave })),
    ).rejects.toMatchObject({ code: "move/other-game" });
    await COMMANDS.move.handle(w.ctx(ALICE), options({ house: `C@${dave}`, game: dave }));
    expect(moves(dave)).toEqual([3]);
    expect(ply(bob)).toBe(0);
  });
});
