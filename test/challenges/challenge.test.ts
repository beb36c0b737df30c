import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import { writeState } from "../../src/db/bot-state.ts";
import { openDatabase } from "../../src/db/client.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import { parseCustomId } from "../../src/interactions/custom-id.ts";
import type { Response } from "../../src/interactions/reply.ts";
import { ALICE, BOB, CAROL, CHANNEL, options, setup, type World } from "../support/helpers.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

/** Runs /nickar challenge and binds the message as the router would. */
async function challenge(
  userId: string,
  values: Parameters<typeof options>[0] = {},
): Promise<{ id: string; res: Response }> {
  const res = await COMMANDS.challenge.handle(w.ctx(userId), options(values));
  expect(res.bind?.kind).toBe("challenge");
  const id = res.bind!.id;
  w.app.challenges.bindMessage(id, `msg-${id}`);
  return { id, res };
}

function press(userId: string, challengeId: string, action: "accept" | "decline" | "cancel") {
  return handleButton(w.ctx(userId, { messageId: `msg-${challengeId}` }), { type: "challenge", challengeId, action });
}

function buttonIds(res: Response): string[] {
  return (res.reply.components ?? []).flatMap((row) =>
    row.components.map((c) => ("custom_id" in c ? c.custom_id : "")),
  );
}

describe("challenges", () => {
  it("challenge - starts a game on the same message - accepted by the opponent", async () => {
    const { id, res } = await challenge(ALICE, { opponent: { id: BOB }, first: "me", ruleset: "wari", time: "5m" });
    expect(res.reply.content).toContain(`<@${ALICE}> challenges <@${BOB}>`);
    expect(res.reply.mentions).toEqual([BOB]);
    expect(buttonIds(res)).toEqual([`c:${id}:accept`, `c:${id}:decline`, `c:${id}:cancel`]);

    const accepted = await press(BOB, id, "accept");
    expect(accepted.mode).toBe("update");
    expect(accepted.bind?.kind).toBe("game");
    const game = w.app.games.get(accepted.bind!.id)!;
    expect(game.row).toMatchObject({
      southId: ALICE,
      northId: BOB,
      ruleset: "wari",
      timeLimit: 300,
      status: "active",
      ply: 0,
    });
    expect(game.row.messageId).toBe(`msg-${id}`);
    expect(accepted.reply.content).toContain(`<@${ALICE}> to move (South)`);
    expect(buttonIds(accepted)).toContain(`g:${game.row.id}:0:m:3`);
    expect(w.app.challenges.get(id)?.status).toBe("accepted");
  });

  it("challenge - gives the challenger North - first them", async () => {
    const { id } = await challenge(ALICE, { opponent: { id: BOB }, first: "them" });
    const accepted = await press(BOB, id, "accept");
    expect(w.app.games.get(accepted.bind!.id)!.row).toMatchObject({ southId: BOB, northId: ALICE });
  });

  it("challenge - uses the server default ruleset and time - no options", async () => {
    w.app.settings.update("100", { defaultRuleset: "haiti", defaultTimeLimit: 86400 });
    const { id } = await challenge(ALICE, { opponent: { id: BOB } });
    expect(w.app.challenges.get(id)).toMatchObject({
      ruleset: "haiti",
      timeLimit: 86400,
      first: "random",
      rated: true,
    });
  });

  it("challenge - is marked declined - declined by the opponent", async () => {
    const { id } = await challenge(ALICE, { opponent: { id: BOB } });
    const res = await press(BOB, id, "decline");
    expect(res.reply.content).toContain("declined");
    expect(res.reply.components).toEqual([]);
    expect(w.app.challenges.get(id)?.status).toBe("declined");
  });

  it("challenge - is withdrawn - cancelled by the challenger", async () => {
    const { id } = await challenge(ALICE, { opponent: { id: BOB } });
    await expect(press(BOB, id, "cancel")).rejects.toMatchObject({ code: "challenge/not-yours" });
    const res = await press(ALICE, id, "cancel");
    expect(res.reply.content).toContain("withdrew");
    await expect(press(BOB, id, "accept")).rejects.toMatchObject({ code: "challenge/cancelled" });
  });

  it("challenge - can be accepted by anyone else - open challenge", async () => {
    const { id, res } = await challenge(ALICE);
    expect(res.reply.content).toContain("challenges anyone");
    expect(buttonIds(res)).toEqual([`c:${id}:accept`, `c:${id}:cancel`]);
    await expect(press(ALICE, id, "accept")).rejects.toMatchObject({ code: "challenge/own" });
    const accepted = await press(CAROL, id, "accept");
    const game = w.app.games.get(accepted.bind!.id)!;
    expect([game.row.southId, game.row.northId].sort()).toEqual([ALICE, CAROL].sort());
  });

  it("challenge - refuses a third player - challenge for someone else", async () => {
    const { id } = await challenge(ALICE, { opponent: { id: BOB } });
    await expect(press(CAROL, id, "accept")).rejects.toMatchObject({ code: "challenge/not-for-you" });
    await expect(press(CAROL, id, "decline")).rejects.toMatchObject({ code: "challenge/decline-not-yours" });
  });

  it.each([
    ["challenge/self", { opponent: { id: ALICE } }],
    ["challenge/bot", { opponent: { id: "999", bot: true } }],
    ["time/invalid", { opponent: { id: BOB }, time: "forever" }],
  ])("challenge - is refused with %s - bad options", async (code, values) => {
    await expect(async () => COMMANDS.challenge.handle(w.ctx(ALICE), options(values))).rejects.toMatchObject({ code });
  });

  it("challenge - is refused - second pending challenge to the same person", async () => {
    await challenge(ALICE, { opponent: { id: BOB } });
    await expect(async () =>
      COMMANDS.challenge.handle(w.ctx(ALICE), options({ opponent: { id: BOB } })),
    ).rejects.toMatchObject({
      code: "challenge/duplicate",
    });
    // Someone else may still challenge Bob, and Alice may challenge Carol, or Bob in another server.
    await challenge(CAROL, { opponent: { id: BOB } });
    await challenge(ALICE, { opponent: { id: CAROL } });
    const elsewhere = await COMMANDS.challenge.handle(
      w.ctx(ALICE, { guildId: "other" }),
      options({ opponent: { id: BOB } }),
    );
    expect(elsewhere.bind?.kind).toBe("challenge");
  });

  it("challenge - is refused - a second open challenge in the same server", async () => {
    const first = await challenge(ALICE);
    await expect(async () => COMMANDS.challenge.handle(w.ctx(ALICE), options())).rejects.toMatchObject({
      code: "challenge/open-limit",
      message: expect.stringContaining("You already have an open challenge waiting in this server"),
    });
    // A named challenge, someone else's open challenge and an open challenge in another server are fine.
    await challenge(ALICE, { opponent: { id: BOB } });
    await challenge(CAROL);
    await COMMANDS.challenge.handle(w.ctx(ALICE, { guildId: "101" }), options());
    // Once the open challenge is cancelled, or has expired, Alice may open another.
    await press(ALICE, first.id, "cancel");
    await challenge(ALICE);
    w.clock.advance(10 * 60_000);
    await challenge(ALICE);
  });

  it("challenge - is refused - too many simultaneous games", async () => {
    w.app.settings.update("100", { maxGamesPerPlayer: 1 });
    const { id } = await challenge(ALICE, { opponent: { id: BOB } });
    await press(BOB, id, "accept");
    await expect(async () =>
      COMMANDS.challenge.handle(w.ctx(ALICE), options({ opponent: { id: CAROL } })),
    ).rejects.toMatchObject({
      code: "challenge/too-many-games-you",
    });
    await expect(async () =>
      COMMANDS.challenge.handle(w.ctx(CAROL), options({ opponent: { id: BOB } })),
    ).rejects.toMatchObject({
      code: "challenge/too-many-games-them",
    });
    // An open challenge accepted by a busy player is refused at accept time.
    const open = await challenge(CAROL);
    await expect(press(BOB, open.id, "accept")).rejects.toMatchObject({ code: "challenge/too-many-games-you" });
  });

  it("challenge - is refused - channel not allowed", async () => {
    w.app.settings.update("100", { allowedChannels: ["555"] });
    await expect(async () =>
      COMMANDS.challenge.handle(w.ctx(ALICE), options({ opponent: { id: BOB } })),
    ).rejects.toMatchObject({
      code: "challenge/channel",
    });
    await COMMANDS.challenge.handle(w.ctx(ALICE, { channelId: "555" }), options({ opponent: { id: BOB } }));
    expect(CHANNEL).not.toBe("555");
  });

  it("challenge - expires and cannot be accepted - after ten minutes", async () => {
    const { id } = await challenge(ALICE, { opponent: { id: BOB } });
    expect(w.app.challenges.nextExpiry()).toBe(w.clock.now() + 10 * 60_000);
    w.clock.advance(9 * 60_000);
    expect(w.app.challenges.expire()).toEqual({ expired: [], failed: [] });
    w.clock.advance(60_000);
    await expect(press(BOB, id, "accept")).rejects.toMatchObject({ code: "challenge/expired" });
    const { expired } = w.app.challenges.expire();
    expect(expired.map((c) => c.id)).toEqual([id]);
    expect(w.app.challenges.nextExpiry()).toBeNull();
    // Once expired by the scheduler too, the refusal reads as English.
    await expect(press(BOB, id, "accept")).rejects.toMatchObject({ message: "This challenge has expired." });
    // An expired challenge no longer blocks a new one to the same person.
    await challenge(ALICE, { opponent: { id: BOB } });
  });

  it("challenge - is accepted - another connection tries to write while it is being accepted", async () => {
    const { id } = await challenge(ALICE, { opponent: { id: BOB } });
    const other = openDatabase(w.path);
    other.sqlite.pragma("busy_timeout = 0");
    const attempts: string[] = [];
    const get = w.app.settings.get.bind(w.app.settings);
    vi.spyOn(w.app.settings, "get").mockImplementation((guildId, tx) => {
      // Inside the acceptance's transaction, after it has read the challenge: another process writes.
      if (tx) {
        try {
          writeState(other.db, "other-process", 1);
          attempts.push("written");
        } catch (err) {
          attempts.push((err as { code?: string }).code ?? String(err));
        }
      }
      return get(guildId, tx);
    });
    try {
      // The acceptance took the write lock when it began, so the other writer waits (here: fails at once)
      // instead of making the acceptance fail with SQLITE_BUSY_SNAPSHOT when it writes.
      const accepted = await press(BOB, id, "accept");
      expect(attempts.length).toBeGreaterThan(0);
      expect(new Set(attempts)).toEqual(new Set(["SQLITE_BUSY"]));
      expect(w.app.games.get(accepted.bind!.id)!.row.status).toBe("active");
      expect(w.app.challenges.get(id)?.status).toBe("accepted");
    } finally {
      other.close();
    }
  });

  it("challenge button - parses from the posted custom ids - round trip", async () => {
    const { res } = await challenge(ALICE, { opponent: { id: BOB } });
    const accept = parseCustomId(buttonIds(res)[0])!;
    const accepted = await handleButton(w.ctx(BOB), accept);
    expect(accepted.bind?.kind).toBe("game");
  });
});
