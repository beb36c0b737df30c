// A declined draw cannot be offered again at once: one offer per player until DRAW_OFFER_GAP plies are played.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import { DRAW_OFFER_GAP } from "../../src/games/questions.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import type { GameAction } from "../../src/interactions/custom-id.ts";
import { ALICE, BOB, options, setup, type World } from "../support/helpers.ts";
import { startGame } from "../support/play.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

const press = (userId: string, gameId: string, action: GameAction) =>
  handleButton(w.ctx(userId), { type: "game", gameId, ply: w.app.games.get(gameId)!.row.ply, action });

/** Plays `plies` moves, each side its first legal house. */
async function playOn(gameId: string, plies: number): Promise<void> {
  for (let i = 0; i < plies; i++) {
    const { row, state } = w.app.games.get(gameId)!;
    await press(state.position.toMove === 0 ? row.southId : row.northId, gameId, {
      kind: "move",
      house: state.legalMoves[0],
    });
  }
}

describe("draw offers", () => {
  it("draw offer - refused again until the gap is played, and says so - declined offer", async () => {
    const id = await startGame(w, ALICE, BOB);
    await playOn(id, 2);
    await press(ALICE, id, { kind: "draw" });
    await press(BOB, id, { kind: "draw-decline" });
    await expect(async () => press(ALICE, id, { kind: "draw" })).rejects.toMatchObject({
      code: "draw/too-soon",
      message: expect.stringContaining(`${DRAW_OFFER_GAP} more moves have been played`),
    });
    // The slash command is held to the same rule.
    await expect(async () => COMMANDS.draw.handle(w.ctx(ALICE), options({ game: id }))).rejects.toMatchObject({
      code: "draw/too-soon",
    });
    // Bob's own offer is his: he may make one now.
    expect((await press(BOB, id, { kind: "draw" })).notices?.length).toBeGreaterThan(0);
    await press(ALICE, id, { kind: "draw-decline" });
    await playOn(id, DRAW_OFFER_GAP - 1);
    await expect(async () => press(ALICE, id, { kind: "draw" })).rejects.toMatchObject({
      code: "draw/too-soon",
      message: expect.stringContaining("once 1 more move has been played"),
    });
    await playOn(id, 1);
    await press(ALICE, id, { kind: "draw" });
    expect(w.app.games.get(id)!.row.drawOfferBy).toBe(w.app.games.get(id)!.row.southId === ALICE ? 0 : 1);
  });

  it("draw offer - declined: the one who offered is told, with their turn when it is theirs - offer on their own turn", async () => {
    const id = await startGame(w, ALICE, BOB);
    await playOn(id, 2);
    // Alice is to move (she moves first): she offers, Bob declines.
    await press(ALICE, id, { kind: "draw" });
    const declined = await press(BOB, id, { kind: "draw-decline" });
    expect(declined.reply.content).toContain(`<@${BOB}> declined the draw offer: the game goes on.`);
    const [notice] = declined.notices!;
    expect(notice.users).toEqual([ALICE]);
    expect(notice.text).toMatch(
      new RegExp(`^<@${BOB}> declined your draw offer in game \`${id}\`: the game goes on. It is your move in game`),
    );
    // In Danish and French too, as the server speaks.
    w.app.settings.update(w.ctx(ALICE).guildId!, { language: "fr" });
    await playOn(id, DRAW_OFFER_GAP);
    await press(ALICE, id, { kind: "draw" });
    const refused = await press(BOB, id, { kind: "draw-decline" });
    expect(refused.notices![0].text).toContain(`<@${BOB}> a refusé votre proposition de nulle dans la partie`);
  });
});
