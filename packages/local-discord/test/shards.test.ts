// The local Discord's sharding: each shard session holds the servers of Discord's formula
// (guild_id >> 22) % num_shards, in READY and GUILD_CREATE, and gets only their interactions.
import { Client, Events, GatewayIntentBits, type Interaction } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shardOf } from "../src/gateway.ts";
import type { LocalDiscord } from "../src/index.ts";
import { allCommands } from "./commands-fixture.ts";
import { driver, startDiscord } from "./harness.ts";

const SERVERS = ["Alpha", "Bravo", "Charlie", "Delta", "Echo"];

describe("local Discord shards", () => {
  let discord: LocalDiscord;
  const clients: Client[] = [];
  const received: Array<Array<string | null>> = [[], []];

  beforeAll(async () => {
    discord = await startDiscord({ guilds: SERVERS.map((name) => ({ name, channels: ["games"] })) });
    for (const id of [0, 1]) {
      const client = new Client({
        intents: [GatewayIntentBits.Guilds],
        rest: { api: discord.apiUrl },
        shards: [id],
        shardCount: 2,
      });
      client.on(Events.InteractionCreate, (interaction: Interaction) => {
        received[id].push(interaction.guildId);
        if (interaction.isChatInputCommand()) void interaction.reply({ content: `shard ${id}` });
      });
      const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
      await client.login(discord.token);
      await ready;
      clients.push(client);
    }
    for (const guild of discord.context.store.guilds.values()) {
      await clients[0].application!.commands.set(allCommands, guild.id);
    }
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => Promise.race([c.destroy(), new Promise((r) => setTimeout(r, 3000))])));
    await discord?.close();
  });

  it("shards - each holds the servers of Discord's formula and no other - two shards", () => {
    const all = [...discord.context.store.guilds.keys()];
    for (const [id, client] of clients.entries()) {
      const expected = all.filter((guild) => shardOf(guild, 2) === id).sort();
      expect([...client.guilds.cache.keys()].sort()).toEqual(expected);
    }
    // Both shards hold some: the test servers split.
    expect(clients.every((c) => c.guilds.cache.size > 0)).toBe(true);
  });

  it("shards - an interaction reaches only the shard of its server - a command in each server", async () => {
    for (const guild of discord.context.store.guilds.values()) {
      const channel = discord.context.store.findChannel("games", guild.id)!;
      const { status, body } = await driver(discord, "/local/command", {
        user: "alice",
        channel: channel.id,
        text: "/test reply",
      });
      expect(status).toBe(200);
      expect(body.messages[0].content).toBe(`shard ${shardOf(guild.id, 2)}`);
    }
    for (const id of [0, 1]) expect(received[id].every((guild) => shardOf(guild!, 2) === id)).toBe(true);
  });

  it("shards - a server added later comes to its shard as GUILD_CREATE - POST /local/guilds", async () => {
    const { body } = await driver(discord, "/local/guilds", { name: "Foxtrot", channels: ["games"] });
    expect(body.shard).toBe(shardOf(body.id, 2));
    const holder = clients[body.shard];
    const deadline = Date.now() + 10_000;
    while (!holder.guilds.cache.has(body.id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(holder.guilds.cache.has(body.id)).toBe(true);
    expect(clients[1 - body.shard].guilds.cache.has(body.id)).toBe(false);
  });
});
