// The bot's permissions per channel, with channel overwrites, through the real discord.js client
// and the local Discord: a game is not started (and no board posted) where the bot lacks a
// permission, with the reason in plain words; a permission lost during a game is reported to the
// players once: in the game's channel when the bot can still send text there, else by direct message.
// (Answers and follow-ups go through the interaction's webhook and need no channel permission.)
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { games } from "../../src/db/schema.ts";
import { type Driver, moveButtons, moverOf, sharedStack, startGame, waitFor, waitForPly } from "./harness.ts";

const stack = sharedStack();

/** Sets (or with no lists, removes) the bot's own overwrite in a channel. */
async function botOverwrite(driver: Driver, channel: string, change: { allow?: string[]; deny?: string[] }) {
  const answer = await driver.call(`/local/channels/${channel}/permissions`, { target: "Nickar", ...change });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function channelId(driver: Driver, name: string): Promise<string> {
  const { body } = await driver.call("/local/channels");
  return (body as { id: string; name: string }[]).find((c) => c.name === name)!.id;
}

describe("permissions", () => {
  afterEach(async () => {
    const { driver } = stack();
    for (const channel of ["games", "general"]) await botOverwrite(driver, channel, {});
  });

  it("missing permission - answered in plain words, nothing posted - Attach Files denied in one channel", async () => {
    const { driver } = stack();
    await driver.users("uma", "vic");
    await botOverwrite(driver, "games", { deny: ["AttachFiles"] });
    const games = await channelId(driver, "games");
    const before = (await driver.messages("games")).length;
    const refused = await driver.command("uma", "/nickar challenge opponent:@vic");
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(refused.body.messages[0].content).toBe(
      `I can't attach images in <#${games}>: give Nickar the **Attach Files** permission there.`,
    );
    expect(refused.body.messages[0].flags & 64).toBe(64);
    expect((await driver.messages("games")).length).toBe(before);
    // The other channel has no overwrite: the challenge is made there.
    const made = await driver.command("uma", "/nickar challenge opponent:@vic", "general");
    expect(made.body.messages[0].content).toContain("challenges");
    await driver.click("uma", made.body.messages[0].id, "Cancel");
  });

  it("missing permission - accepting is refused too - Send Messages taken away after the challenge", async () => {
    const { driver } = stack();
    await driver.users("wes", "xia");
    const made = await driver.command("wes", "/nickar challenge opponent:@xia", "general");
    await botOverwrite(driver, "general", { deny: ["SendMessages"] });
    const general = await channelId(driver, "general");
    const accept = await driver.click("xia", made.body.messages[0].id, "Accept");
    expect(accept.status, JSON.stringify(accept.body)).toBe(200);
    const answer = accept.body.messages.at(-1);
    expect(answer.content).toBe(
      `I can't send messages in <#${general}>: give Nickar the **Send Messages** permission there.`,
    );
    expect(answer.flags & 64).toBe(64);
    await botOverwrite(driver, "general", {});
    await driver.click("wes", made.body.messages[0].id, "Cancel");
  });

  it("lost permission - the players are told once in the game's channel, pinged, no DM - Attach Files taken away mid-game", async () => {
    const { driver } = stack();
    const game = await startGame(driver, "abe", "bea", "wari");
    await botOverwrite(driver, "games", { deny: ["AttachFiles"] });
    const [abe, bea] = [driver.idOf("abe"), driver.idOf("bea")];
    const reports = async () =>
      (await driver.messages("games")).filter((m) => m.content.includes(`your game \`${game.gameId}\` can no longer`));
    for (let turn = 0; turn < 3; turn++) {
      const message = (await driver.message(game.messageId))!;
      const mover = driver.nameOf(moverOf(message)!.userId);
      const letter = moveButtons(message)
        .find((b) => !b.disabled)!
        .label.split(" ")[0];
      // The typed move edits the board with a new image in the channel: refused without Attach Files.
      const answer = await driver.command(mover, `/nickar move house:${letter}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      if (turn === 0) await waitFor(async () => (await reports()).length > 0, "the report in the channel");
    }
    await new Promise((r) => setTimeout(r, 500));
    const [report, ...more] = await reports();
    expect(more).toEqual([]);
    expect(report.content).toContain("Nickar is missing the **Attach Files** permission there");
    expect(report.content.startsWith(`<@${abe}> <@${bea}> `)).toBe(true);
    expect(report.attachments).toEqual([]);
    expect(report.mentions.map((u) => u.id).sort()).toEqual([abe, bea].sort());
    for (const player of ["abe", "bea"]) {
      expect((await driver.pings(player, true)).filter((p) => p.messageId === report.id)).toHaveLength(1);
      expect((await driver.dms(player)).filter((m) => m.content.includes(game.gameId))).toEqual([]);
    }
  });

  it("lost permission - the players are told once by direct message - Send Messages taken away mid-game", async () => {
    const { driver } = stack();
    const game = await startGame(driver, "yan", "zoe", "abapa");
    await botOverwrite(driver, "games", { deny: ["SendMessages"] });
    for (const player of ["yan", "zoe"]) await driver.readPings(player);
    for (let turn = 0; turn < 3; turn++) {
      const message = (await driver.message(game.messageId))!;
      const mover = driver.nameOf(moverOf(message)!.userId);
      const button = moveButtons(message).find((b) => !b.disabled)!;
      const letter = button.label.split(" ")[0];
      // The typed move edits the board (own message: no Send Messages needed), and its turn notice is
      // the interaction's follow-up, which needs no channel permission either.
      const answer = await driver.command(mover, `/nickar move house:${letter}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      await waitForPly(driver, game.messageId, turn + 1);
      const other = mover === "yan" ? "zoe" : "yan";
      await waitFor(
        async () => (await driver.pings(other)).find((p) => p.content.includes("it is your move")),
        `the turn notice for ${other}`,
      );
      await driver.readPings(other);
    }
    // The reminder is a channel message of the bot's own: refused, and reported.
    const { database } = stack();
    database.db
      .update(games)
      .set({ reminderAt: Date.now() - 1000 })
      .where(eq(games.id, game.gameId))
      .run();
    expect((await driver.command("yan", "/nickar games")).status).toBe(200);
    for (const player of ["yan", "zoe"]) {
      const dms = await waitFor(async () => {
        const list = (await driver.dms(player)).filter((m) => m.content.includes(game.gameId));
        return list.length > 0 ? list : undefined;
      }, `a DM to ${player}`);
      expect(dms[0].content).toContain("Nickar is missing the **Send Messages** permission there");
    }
    // Once, however many posts failed.
    await new Promise((r) => setTimeout(r, 500));
    for (const player of ["yan", "zoe"]) {
      expect((await driver.dms(player)).filter((m) => m.content.includes(game.gameId))).toHaveLength(1);
    }
  });
});
