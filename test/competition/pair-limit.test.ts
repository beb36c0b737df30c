// The pair limit counts the rated games two players started against each other in 24 hours: aborted and
// cancelled games have no result, so they do not use up the limit.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import { ALICE, BOB, CAROL, options, setup, type World } from "../support/helpers.ts";
import { finish, startGame } from "../support/play.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

const admin = () => w.ctx(CAROL, { canManageGuild: true });
const rated = (gameId: string) => w.app.games.get(gameId)!.row.rated;

describe("pair limit", () => {
  it("pair limit - aborted and cancelled games do not count - a limit of one", async () => {
    await COMMANDS["nickar-admin settings"].handle(admin(), options({ pair_limit: 1 }));

    const aborted = await startGame(w, ALICE, BOB);
    expect(rated(aborted)).toBe(true);
    await COMMANDS.abort.handle(w.ctx(ALICE), options({ game: aborted }));
    expect(w.app.games.get(aborted)!.row.status).toBe("aborted");

    const cancelled = await startGame(w, BOB, ALICE);
    expect(rated(cancelled)).toBe(true);
    await COMMANDS["nickar-admin cancel"].handle(admin(), options({ game: cancelled, reason: "testing the limit" }));
    expect(w.app.games.get(cancelled)!.row.status).toBe("cancelled");

    // Neither counted: this one is still the first rated game of the pair today...
    const played = await startGame(w, ALICE, BOB);
    expect(rated(played)).toBe(true);
    await finish(w, played, "south");
    // ...and a finished one does count.
    expect(rated(await startGame(w, BOB, ALICE))).toBe(false);
  });
});
