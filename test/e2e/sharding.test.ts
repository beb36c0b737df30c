// Sharding: `SHARDING=2` runs discord.js's ShardingManager, which starts two shard processes on the
// one SQLite file. The local Discord holds two servers, one on each shard by Discord's formula, and
// sends each server's interactions to its shard only. Games in both servers must lose or double no
// move, notice or reminder, the sweeps must run in one shard only, and when that shard dies the
// other (or its respawned self) takes the sweeps over.

import { shardOf, stableSnowflake } from "@nickar/local-discord";
import type { APIMessage } from "discord-api-types/v10";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deployCommands } from "../../src/bin/deploy-commands.ts";
import { openDatabase } from "../../src/db/client.ts";
import { games } from "../../src/db/schema.ts";
import { type BotWorld, botWorld } from "./bot-process.ts";
import { type Child, gameRef, gameRow, moveButtons, moverOf, waitFor } from "./harness.ts";

const TOKEN = "e2e.sharding.token";
const FIRST = stableSnowflake("guild");
/** A second server's name whose id falls on the other shard of two. */
const SECOND = ["Second", "Other", "Harbour", "Bridgetown", "Speightstown", "Oistins"].find(
  (name) => shardOf(stableSnowflake(`guild:${name}`), 2) !== shardOf(FIRST, 2),
)!;
const LEASE_TAKEN = /"pid":(\d+)[^\n]*"msg":"this shard runs the scheduler's sweeps \(lease taken\)"/g;

describe("sharding", () => {
  let world: BotWorld;
  let manager: Child;
  let channels: { first: string; second: string };

  beforeAll(async () => {
    world = await botWorld(TOKEN, { guilds: [{ name: SECOND, channels: ["games"] }] });
    const second = world.discord.context.store.findGuild(SECOND)!;
    await deployCommands({
      token: TOKEN,
      applicationId: world.discord.applicationId,
      guildId: second.id,
      apiUrl: world.discord.apiUrl,
    });
    channels = {
      first: world.discord.context.store.findChannel("games")!.id,
      second: world.discord.context.store.findChannel("games", second.id)!.id,
    };
    manager = await world.start({ SHARDING: "2", SHARD_SPAWN_DELAY_MS: "200" });
    await manager.waitForOutput(/"msg":"all shards ready"/);
  }, 180_000);
  afterAll(async () => {
    // The manager stops its shards; then nothing is left running.
    if (manager?.process.exitCode === null) {
      manager.process.kill("SIGTERM");
      await manager.exited;
    }
    await world?.close();
  });

  async function challenge(a: string, b: string, channel: string): Promise<{ gameId: string; messageId: string }> {
    const { driver } = world;
    await driver.users(a, b);
    const asked = await driver.command(a, `/nickar challenge opponent:@${b} ruleset:abapa first:me time:1h`, channel);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const messageId: string = asked.body.messages[0].id;
    const accepted = await driver.click(b, messageId, "Accept");
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const message = (accepted.body.messages as APIMessage[]).find((m) => m.id === messageId)!;
    return { gameId: gameRef(message)!.gameId, messageId };
  }

  async function channelMessages(channel: string): Promise<APIMessage[]> {
    return (await world.driver.call(`/local/channels/${channel}/messages`)).body;
  }

  /** Plays the first legal house as the player to move; returns the ply acknowledged. */
  async function move(messageId: string, channel: string): Promise<number> {
    const { driver } = world;
    const message = (await channelMessages(channel)).find((m) => m.id === messageId)!;
    const mover = driver.nameOf(moverOf(message)!.userId);
    const button = moveButtons(message).find((b) => !b.disabled)!;
    const answer = await driver.click(mover, messageId, button.customId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return Number(/^g:[^:]+:(\d+):/.exec(button.customId)![1]) + 1;
  }

  function reminders(messages: APIMessage[], gameId: string): number {
    return messages.filter((m) => m.content.includes(`in game \`${gameId}\`: time runs out`)).length;
  }

  /** Makes both games' reminders due now, and pokes both shards with a command each. */
  async function remindersDue(ids: string[]): Promise<void> {
    const db = openDatabase(world.databasePath);
    try {
      for (const id of ids)
        db.db
          .update(games)
          .set({ reminderAt: Date.now() - 1000 })
          .where(eq(games.id, id))
          .run();
    } finally {
      db.close();
    }
    for (const channel of [channels.first, channels.second]) {
      const listed = await world.driver.command("rosa", "/nickar games", channel);
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    }
  }

  it("sharding - moves, notices and reminders once each, sweeps in one shard and taken over when it dies - two servers on two shards", async () => {
    const { driver } = world;
    expect(shardOf(FIRST, 2)).not.toBe(shardOf(stableSnowflake(`guild:${SECOND}`), 2));
    expect((await driver.info()).gateway.shards).toEqual({ count: 2, live: [0, 1] });
    // Each shard process says which shard it is.
    // The manager's "all shards ready" comes over IPC, a shard's own log line over its stdout
    // pipe: the two race, so wait for the lines rather than expect them already there.
    await manager.waitForOutput(/"shards":\[0\][^\n]*"msg":"bot ready"/);
    await manager.waitForOutput(/"shards":\[1\][^\n]*"msg":"bot ready"/);

    const one = await challenge("rosa", "sam", channels.first);
    const two = await challenge("tia", "uma", channels.second);
    const acknowledged = { [one.gameId]: 0, [two.gameId]: 0 };
    for (let i = 0; i < 6; i++) {
      acknowledged[one.gameId] = await move(one.messageId, channels.first);
      acknowledged[two.gameId] = await move(two.messageId, channels.second);
    }
    const db = openDatabase(world.databasePath);
    try {
      // No move lost or doubled: each game stored exactly the acknowledged plies.
      expect(gameRow(db, one.gameId)!.ply).toBe(acknowledged[one.gameId]);
      expect(gameRow(db, two.gameId)!.ply).toBe(acknowledged[two.gameId]);
    } finally {
      db.close();
    }
    // One turn notice per game in its channel (each new one replaced the last), in the right server.
    const notices = (messages: APIMessage[], gameId: string) =>
      messages.filter((m) => m.content.includes(`it is your move in game \`${gameId}\` · `)).length;
    await waitFor(async () => {
      const [first, second] = [await channelMessages(channels.first), await channelMessages(channels.second)];
      return notices(first, one.gameId) === 1 && notices(second, two.gameId) === 1 && notices(first, two.gameId) === 0;
    }, "one turn notice per game");

    // The sweeps run in exactly one shard.
    const holders = [...manager.output().matchAll(LEASE_TAKEN)].map((m) => Number(m[1]));
    expect(holders).toHaveLength(1);
    await remindersDue([one.gameId, two.gameId]);
    await waitFor(async () => {
      const [first, second] = [await channelMessages(channels.first), await channelMessages(channels.second)];
      return reminders(first, one.gameId) === 1 && reminders(second, two.gameId) === 1;
    }, "one reminder per game");

    // The sweeping shard dies; the manager starts it again, and the sweeps go on in one shard.
    process.kill(holders[0], "SIGKILL");
    await waitFor(async () => !(await driver.info()).botConnected, "the local Discord to see the shard gone");
    await waitFor(async () => (await driver.info()).botConnected, "the shard to be back", 120_000);
    await waitFor(
      () => [...manager.output().matchAll(LEASE_TAKEN)].length === 2,
      "the lease to be taken over",
      120_000,
    );
    const after = [...manager.output().matchAll(LEASE_TAKEN)].map((m) => Number(m[1]));
    expect(after[1]).not.toBe(holders[0]);
    await remindersDue([one.gameId, two.gameId]);
    await waitFor(async () => {
      const [first, second] = [await channelMessages(channels.first), await channelMessages(channels.second)];
      return reminders(first, one.gameId) === 2 && reminders(second, two.gameId) === 2;
    }, "the second reminders");
    // And no third one: give a doubled sweep time to show.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(reminders(await channelMessages(channels.first), one.gameId)).toBe(2);
    expect(reminders(await channelMessages(channels.second), two.gameId)).toBe(2);
  }, 240_000);
});
