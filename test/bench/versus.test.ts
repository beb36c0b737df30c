/**
 * bench:versus (bench/versus-game.ts, versus-engine.ts, versus-report.ts): games against a scripted
 * stand-in engine process (fixtures/fake-uci-engine.mjs) that speaks the same protocol, with a
 * deterministic player on Nickar's side, so that each game's course and score are known beforehand.
 */
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { UciEngine } from "../../bench/versus-engine.ts";
import { type NickarPlayer, playVersusGame, type VersusResult, versusOpenings } from "../../bench/versus-game.ts";
import { summarize } from "../../bench/versus-report.ts";
import { CoreGame } from "../../src/engine/core.ts";
import { moveLetter, START_POSITION } from "../../src/engine/notation.ts";

const FAKE = fileURLToPath(new URL("./fixtures/fake-uci-engine.mjs", import.meta.url));
const engines: UciEngine[] = [];
async function fake(replies: readonly string[]): Promise<UciEngine> {
  const engine = await UciEngine.start(`exec node ${FAKE} '${replies.join(",")}'`);
  engines.push(engine);
  return engine;
}
afterEach(() => {
  for (const engine of engines.splice(0)) engine.close();
});

/** Nickar's stand-in: the lowest legal house. */
const lowest: NickarPlayer = async (moves) => replayed(moves).legalHouses()[0];

function replayed(moves: readonly number[]): CoreGame {
  const game = CoreGame.fromPosition("abapa", START_POSITION);
  for (const house of moves) game.play(house);
  return game;
}

/**
 * Plays the game out on Nickar's engine, lowest house for Nickar (South here), highest for the other
 * side, as the harness would: the engine's replies as letters, the final stores (own sides added when a
 * position came back), why it ended and the record.
 */
function expectedGame(opening: readonly number[], playOn = false) {
  const game = CoreGame.fromPosition("abapa", START_POSITION);
  const replies: string[] = [];
  let record = "";
  const play = (house: number) => {
    record += moveLetter(game.toMove, house);
    game.play(house);
  };
  for (const house of opening) play(house);
  while (!game.over && (playOn || game.occurrences() < 2)) {
    const legal = game.legalHouses();
    if (game.toMove === 0) play(legal[0]);
    else {
      const house = legal[legal.length - 1];
      replies.push(moveLetter(1, house));
      play(house);
    }
  }
  const repeated = !game.over;
  const stores = repeated
    ? [game.stores[0] + game.seedsOnSide(0), game.stores[1] + game.seedsOnSide(1)]
    : [game.stores[0], game.stores[1]];
  return { replies, margin: stores[0] - stores[1], reason: repeated ? "second-occurrence" : game.reason, record };
}

/** The first of the 36 openings whose scripted game ends (or not) at a repeated position. */
function openingWhere(repeats: boolean): number[] {
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) if ((expectedGame([a, b]).reason === "second-occurrence") === repeats) return [a, b];
  throw new Error(`no scripted game ${repeats ? "repeats" : "ends by the rules"}`);
}

describe("versus", () => {
  for (const repeats of [false, true])
    it(`playVersusGame - scores the game as Nickar's engine ends it - scripted engine, ${repeats ? "stopped at a repeated position" : "ended by the rules"}`, async () => {
      const opening = openingWhere(repeats);
      const expected = expectedGame(opening);
      const result = await playVersusGame(
        { opening, nickarIsSouth: true, ms: 10 },
        lowest,
        await fake(expected.replies),
      );
      expect(result).toMatchObject({
        kind: "scored",
        margin: expected.margin,
        points: expected.margin > 0 ? 1 : expected.margin < 0 ? 0 : 0.5,
        reason: expected.reason,
        record: expected.record,
      });
      expect(result.time.engineMoves).toBe(expected.replies.length);
    });

  it("playVersusGame - plays on to Nickar's third occurrence - repetition nickar", async () => {
    const opening = openingWhere(true);
    const expected = expectedGame(opening, true);
    expect(expected.reason).toBe("cycle");
    const task = { opening, nickarIsSouth: true, ms: 10, repetition: "nickar" } as const;
    const result = await playVersusGame(task, lowest, await fake(expected.replies));
    expect(result).toMatchObject({ kind: "scored", margin: expected.margin, reason: "cycle", record: expected.record });
  });

  it("playVersusGame - reports an illegal move and scores nothing - a South letter played for North", async () => {
    const result = await playVersusGame({ opening: [3, 4], nickarIsSouth: true, ms: 10 }, lowest, await fake(["A"]));
    expect(result.kind).toBe("illegal");
    expect(result.kind !== "scored" && result.detail).toContain("played A");
    expect(result.plies).toBe(3);
  });

  it("playVersusGame - reports an illegal move - an empty house", async () => {
    // After Cd (North's house 4 sown), North plays d again: empty.
    const result = await playVersusGame({ opening: [3, 4], nickarIsSouth: true, ms: 10 }, lowest, await fake(["d"]));
    expect(result.kind).toBe("illegal");
  });

  it("playVersusGame - reports a crash as a failure - the engine exits on go", async () => {
    const result = await playVersusGame(
      { opening: [1, 1], nickarIsSouth: false, ms: 10 },
      lowest,
      await fake(["crash"]),
    );
    expect(result.kind).toBe("failure");
  });

  it("playVersusGame - reports a disagreement - the engine says the game is over, or lists other legal moves", async () => {
    const over = await playVersusGame({ opening: [1, 1], nickarIsSouth: false, ms: 10 }, lowest, await fake(["0000"]));
    expect(over.kind).toBe("disagreement");
    const legal = await playVersusGame(
      { opening: [1, 1], nickarIsSouth: false, ms: 10 },
      lowest,
      await fake(["legal=A B C D E F|B"]),
    );
    expect(legal.kind).toBe("disagreement");
  });

  it("versusOpenings - distinct, legal, repeatable - 12 from a seed", () => {
    const openings = versusOpenings(12, 1);
    expect(openings).toHaveLength(12);
    expect(new Set(openings.map((o) => o.join())).size).toBe(12);
    expect(versusOpenings(12, 1)).toEqual(openings);
    for (const opening of openings) expect(replayed(opening).over).toBe(false);
  });

  it("summarize - W-D-L, colours and margins - hand-made results", () => {
    const time = { nickar: 0, engine: 0, nickarMoves: 0, engineMoves: 0 };
    const game = (nickarIsSouth: boolean, margin: number, reason = "twenty-five"): VersusResult => ({
      kind: "scored",
      points: margin > 0 ? 1 : margin < 0 ? 0 : 0.5,
      margin,
      reason,
      task: { opening: [1, 1], nickarIsSouth, ms: 10 },
      record: "AaAa",
      plies: 4,
      time,
    });
    const s = summarize([
      game(true, 7),
      game(true, 0, "second-occurrence"),
      game(false, -2),
      game(false, 16),
      game(false, -8),
      {
        kind: "illegal",
        detail: "x",
        task: { opening: [1, 1], nickarIsSouth: true, ms: 10 },
        record: "",
        plies: 2,
        time,
      },
    ]);
    expect([s.wins, s.draws, s.losses]).toEqual([2, 1, 2]);
    expect(s.score).toBeCloseTo(0.5);
    expect(s.south).toBe("1-1-0 (75.0%)");
    expect(s.north).toBe("1-0-2 (33.3%)");
    expect(s.winMargins).toEqual([7, 16]);
    expect(s.lossMargins).toEqual([2, 8]);
    expect(s.adjudicated).toBe(1);
    expect(s.unscored).toHaveLength(1);
    expect(s.low).toBeLessThan(0);
    expect(s.high).toBeGreaterThan(0);
  });
});
