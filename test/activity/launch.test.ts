/**
 * Where the Activity is launched from: the game message's Play on the board (a fourth row, only while the
 * Activity is served and the game goes on), and the App Launcher's entry point command.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ENTRY_POINT_NAME, entryPointDefinition } from "../../src/commands/entry-point.ts";
import { gameMessage } from "../../src/games/views/game-message.ts";
import { ALICE, BOB, setup, type World } from "../support/helpers.ts";
import { finish, startGame } from "../support/play.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

function ids(reply: ReturnType<typeof gameMessage>): string[] {
  return (reply.components ?? []).flatMap((row) => row.components.map((c) => ("custom_id" in c ? c.custom_id : "")));
}

describe("activity launch", () => {
  it("launch - Play on the board on the game message while the Activity is served - active game", async () => {
    const gameId = await startGame(w, ALICE, BOB);
    const game = w.app.games.find(gameId);
    const served = gameMessage({ ...w.app, activity: true }, game);
    expect(ids(served)).toContain(`g:${gameId}:0:pb`);
    expect(served.components!.length).toBeLessThanOrEqual(5);
    expect(served.components!.every((row) => row.components.length <= 5)).toBe(true);
    expect(ids(gameMessage(w.app, game))).not.toContain(`g:${gameId}:0:pb`);
    await finish(w, gameId, "south");
    expect(
      ids(gameMessage({ ...w.app, activity: true }, w.app.games.find(gameId))).some((id) => id.endsWith(":pb")),
    ).toBe(false);
  });

  it("launch - the entry point is Discord's PRIMARY_ENTRY_POINT with the app's handler - launch", () => {
    const definition = entryPointDefinition();
    expect(definition).toMatchObject({ type: 4, name: ENTRY_POINT_NAME, handler: 1 });
    expect(definition.description?.length).toBeGreaterThan(0);
    expect(definition.description?.length).toBeLessThanOrEqual(100);
    expect(definition.description_localizations).toHaveProperty("fr");
  });
});
