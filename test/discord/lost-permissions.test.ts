// A permission lost in the middle of a game, reported once to its players where they will see it:
// in the game's channel when the bot can still send text there, else (or when that is refused too)
// by direct message; a report that reaches nobody is an error in the log. Real SQLite, a fake
// messenger that records what would go to Discord.
import { PermissionFlagsBits } from "discord-api-types/v10";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import { LostPermissions } from "../../src/discord/lost-permissions.ts";
import type { Messenger } from "../../src/discord/messenger.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import type { Reply } from "../../src/interactions/reply.ts";
import { ALICE, BOB, CHANNEL, options, setup, type World } from "../support/helpers.ts";

const P = PermissionFlagsBits;

let w: World;
let sent: { channelId: string; reply: Reply }[];
let dms: { userId: string; reply: Reply }[];
/** Error lines the code under test logged (pino level 50 and above). */
let errors: { msg: string }[];
const logger = pino(
  { level: "info" },
  {
    write: (line: string) => {
      const parsed = JSON.parse(line);
      if (parsed.level >= 50) errors.push(parsed);
    },
  },
);

beforeEach(() => {
  w = setup();
  sent = [];
  dms = [];
  errors = [];
});
afterEach(() => w.close());

async function startGame(): Promise<string> {
  const res = await COMMANDS.challenge.handle(w.ctx(ALICE), options({ opponent: { id: BOB }, first: "me" }));
  w.app.challenges.bindMessage(res.bind!.id, "challenge-msg");
  const accepted = await handleButton(w.ctx(BOB), { type: "challenge", challengeId: res.bind!.id, action: "accept" });
  return accepted.bind!.id;
}

/** The reporter with the bot's permissions in the channel; `channel` and `dm` say whether Discord takes those messages. */
function reporter(permissions: bigint, { channel = true, dm = true, bots = new Set<string>() } = {}) {
  const messenger: Pick<Messenger, "send" | "direct"> = {
    send: async (channelId, reply) => {
      if (!channel) return null;
      sent.push({ channelId, reply });
      return `posted-${sent.length}`;
    },
    direct: async (userId, reply) => {
      if (!dm) return null;
      dms.push({ userId, reply });
      return { channelId: `dm-${userId}`, messageId: `dm-${dms.length}` };
    },
  };
  return new LostPermissions(w.db(), w.app.games, messenger, () => permissions, w.clock, logger, bots);
}

describe("lost permissions", () => {
  it("lost permission - one text message in the channel that pings both players, once - Attach Files missing", async () => {
    const gameId = await startGame();
    const lost = reporter(P.ViewChannel | P.SendMessages);
    await Promise.all([lost.refused(CHANNEL), lost.refused(CHANNEL)]);
    await lost.refused(CHANNEL);
    expect(sent).toHaveLength(1);
    expect(sent[0].channelId).toBe(CHANNEL);
    expect(sent[0].reply.content).toContain(`<@${ALICE}> <@${BOB}> the board of your game \`${gameId}\``);
    expect(sent[0].reply.content).toContain("Nickar is missing the **Attach Files** permission there");
    expect(sent[0].reply.mentions).toEqual([ALICE, BOB]);
    expect(sent[0].reply.image).toBeUndefined();
    expect(dms).toEqual([]);
  });

  it("lost permission - by direct message to each player - the report in the channel refused too", async () => {
    const gameId = await startGame();
    await reporter(P.ViewChannel | P.SendMessages, { channel: false }).refused(CHANNEL);
    expect(dms.map((d) => d.userId)).toEqual([ALICE, BOB]);
    expect(dms[0].reply.content).toContain(`where your game \`${gameId}\` is played`);
    expect(errors).toEqual([]);
  });

  it("lost permission - by direct message, never in the channel - Send Messages missing", async () => {
    await startGame();
    await reporter(P.ViewChannel | P.AttachFiles).refused(CHANNEL);
    expect(sent).toEqual([]);
    expect(dms.map((d) => d.userId)).toEqual([ALICE, BOB]);
    expect(dms[0].reply.content).toContain("Nickar is missing the **Send Messages** permission there");
  });

  it("lost permission - logged as an error, not retried - nobody can be told (DMs closed too)", async () => {
    await startGame();
    const lost = reporter(P.ViewChannel, { dm: false });
    await lost.refused(CHANNEL);
    await lost.refused(CHANNEL);
    expect(errors.map((e) => e.msg)).toEqual(["no player could be told about a lost permission"]);
  });

  it("lost permission - Nickar is neither pinged nor written to - a game against it", async () => {
    await startGame();
    await reporter(P.ViewChannel | P.SendMessages, { bots: new Set([BOB]) }).refused(CHANNEL);
    expect(sent[0].reply.mentions).toEqual([ALICE]);
    expect(sent[0].reply.content).not.toContain(`<@${BOB}>`);
  });
});
