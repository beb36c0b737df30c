// Turn notices through the real discord.js client and the local Discord: the player to move is
// notified by a new message that mentions only them, the previous notice goes away, and each
// player's /nickar notify choice (channel, dm, off) is followed, with a DM that fails falling back
// to the channel. Notifications are read from the local Discord's record of who each new message
// notified (mentions allowed by `allowed_mentions`; edits never notify).
import type { APIMessage } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import {
  buttonsOf,
  type Driver,
  moveButtons,
  moverOf,
  sharedStack,
  startGame,
  waitFor,
  waitForPly,
} from "./harness.ts";

const stack = sharedStack();

/** The turn notices of game `gameId` in #games. */
async function notices(driver: Driver, gameId: string): Promise<APIMessage[]> {
  return (await driver.messages()).filter((m) => m.content.includes(`your move in game \`${gameId}\``));
}

/** Every message in #games about game `gameId` other than its board: its notices. */
async function aboutGame(driver: Driver, gameId: string, boardId: string): Promise<APIMessage[]> {
  return (await driver.messages()).filter((m) => m.id !== boardId && m.content.includes(`\`${gameId}\``));
}

/** Waits until the game's only notice in #games is one that `matches`. */
function onlyNotice(
  driver: Driver,
  gameId: string,
  boardId: string,
  matches: (m: APIMessage) => boolean,
  what: string,
) {
  return waitFor(async () => {
    const list = await aboutGame(driver, gameId, boardId);
    return list.length === 1 && matches(list[0]) ? list[0] : undefined;
  }, what);
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

  it("draw offer and ending - replace the game's notice in the channel, the answer brings the turn notice back - notify channel", async () => {
    const { driver } = stack();
    const game = await startGame(driver, "tia", "uma", "abapa");
    const [tia, uma] = [driver.idOf("tia"), driver.idOf("uma")];
    await onlyNotice(
      driver,
      game.gameId,
      game.messageId,
      (m) => m.content.startsWith(`<@${tia}> it is your move`),
      "tia's turn notice",
    );
    await driver.readPings("tia");
    await driver.readPings("uma");

    // Tia offers a draw from the board: Uma is asked by a notice with the buttons, Tia's turn notice goes.
    const offer = buttonsOf(game.message).find((b) => b.label === "Offer draw")!;
    expect((await driver.click("tia", game.messageId, offer.custom_id!)).status).toBe(200);
    const ask = await onlyNotice(
      driver,
      game.gameId,
      game.messageId,
      (m) => m.content.includes("offers you a draw"),
      "the offer",
    );
    expect(ask.content).toBe(
      `<@${uma}> <@${tia}> offers you a draw in game \`${game.gameId}\`. Playing a move also declines it.`,
    );
    expect(ask.mentions.map((u) => u.id)).toEqual([uma]);
    expect(buttonsOf(ask).map((b) => b.label)).toEqual(["Accept draw", "Decline"]);
    expect((await driver.pings("uma")).map((p) => p.messageId)).toEqual([ask.id]);
    expect(await driver.pings("tia")).toEqual([]);
    await driver.readPings("uma");

    // Uma declines: the offer's notice is replaced by one that tells Tia, with her turn.
    expect((await driver.click("uma", ask.id, "Decline")).status).toBe(200);
    const turn = await onlyNotice(
      driver,
      game.gameId,
      game.messageId,
      (m) => m.content.startsWith(`<@${tia}> <@${uma}> declined your draw offer in game \`${game.gameId}\``),
      "tia's notice back",
    );
    expect(turn.content).toContain(`: the game goes on. It is your move in game \`${game.gameId}\``);
    expect((await driver.pings("tia")).map((p) => p.messageId)).toEqual([turn.id]);
    expect(await driver.pings("uma")).toEqual([]);
    await driver.readPings("tia");

    // Tia resigns: both are told by the ending notice, the only one left.
    expect((await driver.command("tia", `/nickar resign game:${game.gameId}`)).status).toBe(200);
    const ending = await onlyNotice(
      driver,
      game.gameId,
      game.messageId,
      (m) => m.content.includes("is over"),
      "the ending",
    );
    expect(ending.content.startsWith(`<@${tia}> <@${uma}> game \`${game.gameId}\` is over: **<@${uma}> wins`)).toBe(
      true,
    );
    expect(ending.mentions.map((u) => u.id).sort()).toEqual([tia, uma].sort());
    expect(buttonsOf(ending).map((b) => b.label)).toEqual(["Rematch"]);
    for (const player of ["tia", "uma"])
      expect((await driver.pings(player)).map((p) => p.messageId)).toEqual([ending.id]);
  });

  it("draw offer and ending - by direct message, or not at all, as each player chose - notify dm and off", async () => {
    const { driver } = stack();
    await driver.users("vio", "wyn");
    await driver.command("vio", "/nickar notify where:dm");
    await driver.command("wyn", "/nickar notify where:off");
    const game = await startGame(driver, "vio", "wyn", "wari");
    const dmsAbout = async () => (await driver.dms("vio")).filter((m) => m.content.includes(`\`${game.gameId}\``));
    await waitFor(async () => (await dmsAbout()).length === 1, "vio's turn notice by DM");
    await driver.readPings("vio");

    // Wyn offers a draw by command: answered privately; Vio is asked by DM (with a link to the board,
    // whose button now reads Accept draw), which replaces the turn notice; nothing in the channel.
    const offered = await driver.command("wyn", `/nickar draw game:${game.gameId}`);
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    expect(offered.body.messages[0].content).toContain(`You offer <@${driver.idOf("vio")}> a draw`);
    expect(offered.body.messages[0].flags & 64).toBe(64);
    const ask = await waitFor(async () => {
      const list = await dmsAbout();
      return list.length === 1 && list[0].content.includes("offers you a draw") ? list[0] : undefined;
    }, "the offer by DM");
    expect(ask.content).toContain(`/${game.messageId}`);
    expect(ask.components).toEqual([]);
    expect((await driver.pings("vio")).map((p) => p.messageId)).toEqual([ask.id]);
    expect(await aboutGame(driver, game.gameId, game.messageId)).toEqual([]);
    await driver.readPings("vio");

    // Vio accepts from the board: the ending reaches Vio by DM (replacing the offer), Wyn not at all.
    const board = (await driver.message(game.messageId))!;
    const accept = buttonsOf(board).find((b) => b.label === "Accept draw")!;
    expect((await driver.click("vio", game.messageId, accept.custom_id!)).status).toBe(200);
    const ending = await waitFor(async () => {
      const list = await dmsAbout();
      return list.length === 1 && list[0].content.includes("is over") ? list[0] : undefined;
    }, "the ending by DM");
    expect(ending.content).toMatch(new RegExp(`^Game \`${game.gameId}\` is over: \\*\\*Draw`));
    expect((await driver.pings("vio")).map((p) => p.messageId)).toEqual([ending.id]);
    expect(await driver.pings("wyn", true)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ content: expect.stringContaining(game.gameId) })]),
    );
    expect(await aboutGame(driver, game.gameId, game.messageId)).toEqual([]);
  });

  it("takeback - asked from the board, the opponent asked by the notice; accepted, the move goes; declined, the asker is told - unrated game", async () => {
    const { driver } = stack();
    await driver.users("xia", "yan");
    const [xia, yan] = [driver.idOf("xia"), driver.idOf("yan")];
    const challenge = await driver.command("xia", "/nickar challenge opponent:@yan ruleset:abapa first:me rated:false");
    expect(challenge.status, JSON.stringify(challenge.body)).toBe(200);
    const messageId: string = challenge.body.messages[0].id;
    expect((await driver.click("yan", messageId, "Accept")).status).toBe(200);
    await playOne(driver, messageId);

    // Xia takes her move back from the board: Yan is asked by the game's notice, with its two buttons.
    const board = await waitForPly(driver, messageId, 1);
    const takeBack = buttonsOf(board).find((b) => b.label === "Take back")!;
    const gameId = /^g:([^:]+):/.exec(takeBack.custom_id!)![1];
    expect((await driver.click("xia", messageId, takeBack.custom_id!)).status).toBe(200);
    const ask = await onlyNotice(
      driver,
      gameId,
      messageId,
      (m) => m.content.includes("asks you to take back"),
      "the request",
    );
    expect(ask.content).toMatch(new RegExp(`^<@${yan}> <@${xia}> asks you to take back [A-F] in game \`${gameId}\``));
    expect(ask.mentions.map((u) => u.id)).toEqual([yan]);
    expect(buttonsOf(ask).map((b) => b.label)).toEqual(["Accept takeback", "Decline"]);

    // Yan accepts: the board goes back a move (its ply on: the version), and Xia is told it is her move again.
    expect((await driver.click("yan", ask.id, "Accept takeback")).status).toBe(200);
    const after = await waitForPly(driver, messageId, 2);
    expect(after.content).toMatch(new RegExp(`<@${xia}> took back [A-F]\\.`));
    await onlyNotice(
      driver,
      gameId,
      messageId,
      (m) => m.content.startsWith(`<@${xia}> it is your move`),
      "xia's turn notice",
    );

    // Xia plays, then Yan; Yan asks to take his move back and Xia declines: Yan, who asked, is told.
    await playOne(driver, messageId);
    await playOne(driver, messageId);
    const yanBoard = await waitForPly(driver, messageId, 4);
    const yanTakeBack = buttonsOf(yanBoard).find((b) => b.label === "Take back")!;
    expect((await driver.click("yan", messageId, yanTakeBack.custom_id!)).status).toBe(200);
    const yanAsk = await onlyNotice(driver, gameId, messageId, (m) => m.content.includes("asks you"), "yan's request");
    await driver.readPings("yan");
    expect((await driver.click("xia", yanAsk.id, "Decline")).status).toBe(200);
    const told = await onlyNotice(
      driver,
      gameId,
      messageId,
      (m) => m.content.includes("declined your takeback request"),
      "yan told of the decline",
    );
    expect(told.content).toBe(
      `<@${yan}> <@${xia}> declined your takeback request in game \`${gameId}\`: the game goes on.`,
    );
    expect(told.mentions.map((u) => u.id)).toEqual([yan]);
    expect((await driver.pings("yan")).map((p) => p.messageId)).toEqual([told.id]);
  });
});
