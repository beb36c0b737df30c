// Turn notices through the real discord.js client and the local Discord: the player to move is
// notified by a new message that mentions only them, the previous notice goes away, and each
// player's /nickar notify choice (channel, dm, off) is followed, with a DM that fails falling back
// to the channel. Notifications are read from the local Discord's record of who each new message
// notified (mentions allowed by `allowed_mentions`; edits never notify).
import type { APIMessage } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import { type Driver, moveButtons, moverOf, sharedStack, startGame, waitFor, waitForPly } from "./harness.ts";

const stack = sharedStack();

/** The turn notices of game `gameId` in #games. */
async function notices(driver: Driver, gameId: string): Promise<APIMessage[]> {
  return (await driver.messages()).filter((m) => m.content.includes(`your move in game \`${gameId}\``));
}

/** The player to move presses their first legal house; returns who moved and the new ply. */
async function playOne(driver: Driver, messageId: string): Promise<{ mover: string; ply: number }> {
  const message = (await driver.message(messageId))!;
  const mover = driver.nameOf(moverOf(message)!.userId);
  const button = moveButtons(message).find((b) => !b.disabled)!;
  const ply = Number(/^g:[^:]+:(\d+):/.exec(button.customId)![1]) + 1;
  const answer = await driver.click(mover, messageId, button.customId);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  await waitForPly(driver, messageId, ply);
  return { mover, ply };
}

describe("turn notices", () => {
  it("turn notice - the player to move is notified each turn, nobody else, one notice at a time - buttons", async () => {
    const { driver } = stack();
    const game = await startGame(driver, "nadia", "omar", "abapa");
    const [nadia, omar] = [driver.idOf("nadia"), driver.idOf("omar")];
    // Accepting: the challenger, who moves first, is told; Omar's ping was the challenge itself.
    const first = await waitFor(async () => (await notices(driver, game.gameId)).at(0), "the first notice");
    expect(first.content).toMatch(new RegExp(`^<@${nadia}> it is your move in game`));
    expect(first.mentions.map((u) => u.id)).toEqual([nadia]);
    expect((await driver.pings("nadia")).map((p) => p.messageId)).toEqual([first.id]);
    expect((await driver.pings("omar")).map((p) => p.content)).toEqual([expect.stringContaining("challenges")]);
    await driver.readPings("nadia");
    await driver.readPings("omar");

    for (let turn = 0; turn < 4; turn++) {
      const { mover } = await playOne(driver, game.messageId);
      const other = mover === "nadia" ? "omar" : "nadia";
      const otherId = mover === "nadia" ? omar : nadia;
      // The board edit notifies nobody; the new notice notifies exactly the player to move.
      const pinged = await waitFor(async () => (await driver.pings(other)).at(0), `a notice for ${other}`);
      expect(await driver.pings(mover)).toEqual([]);
      const shown = await waitFor(async () => {
        const list = await notices(driver, game.gameId);
        return list.length === 1 && list[0].id === pinged.messageId ? list : undefined;
      }, "the previous notice to be deleted");
      expect(shown[0].content.startsWith(`<@${otherId}> `)).toBe(true);
      expect(shown[0].mentions.map((u) => u.id)).toEqual([otherId]);
      await driver.readPings(other);
    }
  });

  it("turn notice - by direct message, in the channel when DMs are closed, or not at all - /nickar notify", async () => {
    const { driver } = stack();
    await driver.users("pia", "quinn");
    expect((await driver.command("quinn", "/nickar notify where:dm")).body.messages[0].content).toContain(
      "a direct message",
    );
    const game = await startGame(driver, "pia", "quinn", "wari");
    await driver.readPings("quinn");

    // Quinn chose DMs: the notice is a DM with a link to the board, and nothing in the channel.
    await playOne(driver, game.messageId);
    const dm = await waitFor(async () => (await driver.dms("quinn")).at(-1), "a DM to quinn");
    expect(dm.content).toMatch(/^It is your move in game `[\w-]+`/);
    expect(dm.content).toContain(`/${game.messageId}`);
    expect((await driver.pings("quinn")).map((p) => p.messageId)).toEqual([dm.id]);
    expect(await notices(driver, game.gameId)).toEqual([]);
    await driver.readPings("quinn");

    // Quinn closes their DMs: after Quinn's move and Pia's, the notice falls back to the channel.
    await driver.setUser("quinn", { dms: false });
    await playOne(driver, game.messageId);
    await playOne(driver, game.messageId);
    const quinn = driver.idOf("quinn");
    const fallback = await waitFor(
      async () => (await notices(driver, game.gameId)).find((m) => m.mentions.some((u) => u.id === quinn)),
      "a channel notice for quinn",
    );
    expect(fallback.mentions.map((u) => u.id)).toEqual([quinn]);
    expect((await driver.pings("quinn")).map((p) => p.messageId)).toEqual([fallback.id]);
    await driver.readPings("quinn");

    // Off: no notice for Quinn at all; Pia's notice is taken down when Quinn's turn comes.
    await driver.command("quinn", "/nickar notify where:off");
    await playOne(driver, game.messageId);
    await playOne(driver, game.messageId);
    await waitFor(async () => (await notices(driver, game.gameId)).length === 0, "the old notice to go");
    expect(await driver.pings("quinn")).toEqual([]);
    expect((await driver.pings("pia", true)).length).toBeGreaterThan(0);
  });
});
