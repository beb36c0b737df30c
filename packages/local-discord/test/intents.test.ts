// Member data only with the intents Discord requires, through the real discord.js client: the
// guild's members arrive in GUILD_CREATE and by op 8 only with GUILD_MEMBERS; members asked for by
// id come anyway; listing members over REST needs the privileged intent enabled for the app.
import { Client, DiscordAPIError, GatewayCloseCodes, GatewayIntentBits, GatewayOpcodes, Routes } from "discord.js";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { LocalDiscord } from "../src/index.ts";
import { startDiscord } from "./harness.ts";

describe("member intents", () => {
  let discord: LocalDiscord | undefined;
  let client: Client | undefined;
  afterEach(async () => {
    await Promise.race([client?.destroy(), new Promise((r) => setTimeout(r, 3000))]);
    await discord?.close();
  });

  async function login(intents: GatewayIntentBits[], membersIntent = false): Promise<Client> {
    discord = await startDiscord({ membersIntent });
    client = new Client({ intents, rest: { api: discord.apiUrl } });
    const ready = new Promise<void>((resolve) => client!.once("clientReady", () => resolve()));
    await client.login(discord.token);
    await ready;
    return client;
  }

  it("members - only the bot itself, none by op 8, no REST list - Guilds intent only", async () => {
    const bot = await login([GatewayIntentBits.Guilds]);
    const guild = bot.guilds.cache.get(discord!.guildId)!;
    expect([...guild.members.cache.keys()]).toEqual([bot.user!.id]);
    expect(guild.memberCount).toBeGreaterThan(1);
    const fetched = await guild.members.fetch({ query: "", limit: 0, time: 5000 });
    expect(fetched.size).toBe(0);
    const alice = discord!.context.store.findUser("alice")!;
    // Asked for by id: sent whatever the intents.
    const byId = await guild.members.fetch({ user: [alice.id], time: 5000 });
    expect([...byId.keys()]).toEqual([alice.id]);
    const listed = (await bot.rest.get(Routes.guildMembers(guild.id)).catch((e: unknown) => e)) as DiscordAPIError;
    expect(listed).toBeInstanceOf(DiscordAPIError);
    expect(listed.code).toBe(50001);
  });

  it("members - every member in GUILD_CREATE and the REST list - GUILD_MEMBERS intent, enabled for the app", async () => {
    const bot = await login([GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers], true);
    const guild = bot.guilds.cache.get(discord!.guildId)!;
    expect(guild.members.cache.size).toBe(guild.memberCount);
    const listed = (await bot.rest.get(`${Routes.guildMembers(guild.id)}?limit=100`)) as unknown[];
    expect(listed.length).toBe(guild.memberCount);
  });

  /** IDENTIFY over a raw socket; resolves with the close code (discord.js would retry or throw its own error). */
  async function identify(intents: number, membersIntent: boolean): Promise<{ code: number; ready: boolean }> {
    discord = await startDiscord({ membersIntent });
    const socket = new WebSocket(`${discord.gatewayUrl}?v=10&encoding=json`);
    let ready = false;
    return new Promise((resolve, reject) => {
      socket.on("error", reject);
      socket.on("message", (raw) => {
        const frame = JSON.parse(String(raw));
        if (frame.op === GatewayOpcodes.Hello) {
          const properties = { os: "linux", browser: "test", device: "test" };
          socket.send(
            JSON.stringify({ op: GatewayOpcodes.Identify, d: { token: discord!.token, intents, properties } }),
          );
        }
        if (frame.t === "READY") {
          ready = true;
          socket.close(1000);
        }
      });
      socket.on("close", (code) => resolve({ code, ready }));
    });
  }

  it("identify - closed with 4014 Disallowed intent(s), no session - GUILD_MEMBERS asked for, not enabled for the app", async () => {
    const intents = GatewayIntentBits.Guilds | GatewayIntentBits.GuildMembers;
    expect(await identify(intents, false)).toEqual({ code: GatewayCloseCodes.DisallowedIntents, ready: false });
    expect(discord!.context.gateway.stats.identifies).toBe(0);
  });

  it("identify - READY - GUILD_MEMBERS asked for and enabled for the app", async () => {
    const intents = GatewayIntentBits.Guilds | GatewayIntentBits.GuildMembers;
    expect(await identify(intents, true)).toEqual({ code: 1000, ready: true });
  });
});
