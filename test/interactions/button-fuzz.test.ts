// Custom ids are whatever a client sends: any string must be refused or handled, never crash a
// handler, and never leave a game that does not replay. (Through the local Discord only the ids of
// real buttons can be pressed, as on Discord; the fuzz test there covers those, this one the rest.)
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { isUserError } from "../../src/errors.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import { parseCustomId } from "../../src/interactions/custom-id.ts";
import { gameProblems } from "../e2e/consistency.ts";
import { ALICE, BOB, CAROL, setup, type World } from "../support/helpers.ts";
import { startGame } from "../support/play.ts";

let w: World;
let gameId: string;
beforeAll(async () => {
  w = setup();
  gameId = await startGame(w, ALICE, BOB);
});
afterAll(() => w.close());

/** Strings shaped like custom ids: known prefixes and real ids mixed with junk. */
const shaped = () =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom(
          "g",
          "c",
          "lb",
          "v",
          "fm",
          "t",
          "m",
          "r",
          "rc",
          "d",
          "a",
          "y",
          "n",
          "j",
          "l",
          "lc",
          "s",
          "abapa",
          "0",
          "1",
          "6",
          "7",
        ),
        // The game in play when the value is drawn (a finished one is replaced by a new one).
        fc.constant(null).map(() => gameId),
        fc.constantFrom(ALICE, BOB),
        fc.string({ maxLength: 8 }),
        fc.integer({ min: -2, max: 1_000_000 }).map(String),
      ),
      { minLength: 1, maxLength: 6 },
    )
    .map((parts) => parts.join(":"));

it("buttons - any custom id is refused or handled, never a crash, the game still replays - fast-check", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(shaped(), fc.string({ maxLength: 120 })),
      fc.constantFrom(ALICE, BOB, CAROL),
      async (text, userId) => {
        const id = parseCustomId(text);
        if (!id) return;
        try {
          await handleButton(w.ctx(userId), id);
        } catch (error) {
          if (!isUserError(error)) throw error;
        }
        const row = w.app.games.get(gameId)!.row;
        expect(gameProblems(row)).toEqual([]);
        if (row.status !== "active") gameId = await startGame(w, ALICE, BOB);
      },
    ),
    { numRuns: 400, seed: 4242 },
  );
});
