// A member's roles, given and taken by the bot (PUT/DELETE /guilds/{guild}/members/{user}/roles/{role}),
// refused as Discord refuses them (Manage Roles, the role hierarchy, managed roles, @everyone, unknown ids),
// rate limited per guild, announced over the gateway and kept in the state file.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, DiscordAPIError, GatewayIntentBits, type GuildMember } from "discord.js";
import type { APIRole } from "discord-api-types/v10";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { LocalDiscord } from "../src/index.ts";
import { driver, startBot, startDiscord, stopBot, type TestBot, waitFor } from "./harness.ts";

const dir = mkdtempSync(join(tmpdir(), "local-discord-roles-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let discord: LocalDiscord | undefined;
let bot: TestBot | undefined;
afterEach(async () => {
  await stopBot(bot);
  await discord?.close();
  bot = undefined;
  discord = undefined;
});

/** What the bot gets for a role change it asks discord.js for: "ok", or Discord's status and code. */
async function attempt(change: Promise<unknown>): Promise<string> {
  try {
    await change;
    return "ok";
  } catch (error) {
    if (error instanceof DiscordAPIError) return `${error.status} ${error.code}`;
    throw error;
  }
}

/** A member as the bot fetches it (GET /guilds/{guild}/members/{user}, as discord.js does). */
async function member(name: string): Promise<GuildMember> {
  const guild = await bot!.client.guilds.fetch(discord!.guildId);
  return guild.members.fetch({ user: discord!.context.store.findUser(name)!.id, force: true });
}

/** A role created through the driver. */
async function createRole(body: Record<string, unknown>): Promise<APIRole> {
  const created = await driver(discord!, "/local/roles", body);
  expect(created.status).toBe(201);
  return created.body as APIRole;
}

/** A raw REST call as the bot (no discord.js queue: the rate limit's 429 is seen as sent). */
function rest(method: string, path: string, headers: Record<string, string> = {}) {
  return fetch(`${discord!.apiUrl}/v10${path}`, {
    method,
    headers: { authorization: `Bot ${discord!.token}`, ...headers },
  });
}

describe("member roles", () => {
  it("member role - given then taken with 204, the member's roles, the driver's lists and the audit log follow - bot with Manage Roles above the role", async () => {
    discord = await startDiscord();
    bot = await startBot(discord);
    const champion = await createRole({ name: "Champion", color: "#f1c40f" });
    // Discord places a new role at position 1: under the bot's, which moved up.
    expect(champion.position).toBe(1);
    // GUILD_ROLE_CREATE reached the bot's cache.
    const guild = bot.client.guilds.cache.get(discord.guildId)!;
    await waitFor(() => guild.roles.cache.has(champion.id));
    const botRole = await driver(discord, "/local/roles/bot", { permissions: ["ManageRoles", "ViewChannel"] });
    expect(botRole.body).toMatchObject({ managed: true, permissions: String((1n << 28n) | (1n << 10n)) });
    await waitFor(() => guild.members.me!.permissions.has("ManageRoles"));

    const alice = await member("alice");
    expect(await attempt(alice.roles.add(champion.id, "Top of the ladder"))).toBe("ok");
    expect((await driver(discord, "/local/users/alice/roles")).body.map((r: APIRole) => r.name)).toEqual(["Champion"]);
    const users = (await driver(discord, "/local/users")).body as { username: string; roles: { name: string }[] }[];
    expect(users.find((u) => u.username === "alice")!.roles).toEqual([
      { id: champion.id, name: "Champion", color: 0xf1c40f, position: 1 },
    ]);
    expect((await member("alice")).roles.cache.has(champion.id)).toBe(true);
    // Given twice: still 204, nothing changes.
    expect(await attempt(alice.roles.add(champion.id))).toBe("ok");

    expect(await attempt(alice.roles.remove(champion.id, "Dropped to second"))).toBe("ok");
    expect((await driver(discord, "/local/users/alice/roles")).body).toEqual([]);
    const log = (await driver(discord, "/local/audit-log")).body as { reason: string; changes: { key: string }[] }[];
    expect(log.map((e) => [e.changes[0].key, e.reason])).toEqual([
      ["$add", "Top of the ladder"],
      ["$remove", "Dropped to second"],
    ]);
  });

  it("GUILD_MEMBER_UPDATE - carries the new roles to a bot with GuildMembers and nothing to one with Guilds only - a role given and taken", async () => {
    discord = await startDiscord({ membersIntent: true, botRole: { permissions: ["ManageRoles"], position: 9 } });
    bot = await startBot(discord);
    const withMembers = new Client({
      intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers],
      rest: { api: discord.apiUrl },
    });
    const seen: string[][] = [];
    const guildsOnly: string[] = [];
    withMembers.on("guildMemberUpdate", (_old, updated) => seen.push([...updated.roles.cache.keys()]));
    bot.client.on("raw", (packet: { t?: string }) => {
      if (packet.t) guildsOnly.push(packet.t);
    });
    const ready = new Promise<void>((resolve) => withMembers.once("clientReady", () => resolve()));
    await withMembers.login(discord.token);
    await ready;
    try {
      const role = await createRole({ name: "Finalist" });
      const aliceId = discord.context.store.findUser("alice")!.id;
      await withMembers.guilds.cache.get(discord.guildId)!.members.fetch(aliceId);
      const alice = await member("alice");
      await alice.roles.add(role.id);
      await waitFor(() => seen.length === 1);
      expect(seen[0]).toContain(role.id);
      await alice.roles.remove(role.id);
      await waitFor(() => seen.length === 2);
      expect(seen[1]).not.toContain(role.id);
      expect(guildsOnly).toContain("GUILD_ROLE_CREATE");
      expect(guildsOnly).not.toContain("GUILD_MEMBER_UPDATE");
    } finally {
      await Promise.race([withMembers.destroy(), new Promise((resolve) => setTimeout(resolve, 3000))]);
    }
  });

  it("member role - 403 50013 Missing Permissions - the bot without Manage Roles", async () => {
    discord = await startDiscord();
    bot = await startBot(discord);
    const role = await createRole({ name: "Champion" });
    // The default bot role: above the new role, but no Manage Roles.
    expect(await attempt((await member("alice")).roles.add(role.id))).toBe("403 50013");
    expect(await attempt((await member("alice")).roles.remove(role.id))).toBe("403 50013");
    expect((await driver(discord, "/local/users/alice/roles")).body).toEqual([]);
  });

  it("member role - 403 50013 Missing Permissions - a role at or above the bot's highest, Administrator or not, and a managed role", async () => {
    discord = await startDiscord({ botRole: { permissions: ["Administrator"] } });
    bot = await startBot(discord);
    const above = await createRole({ name: "Moderators", position: 50 });
    const store = discord.context.store;
    expect(above.position).toBeGreaterThan(store.botRole().position);
    const alice = await member("alice");
    expect(await attempt(alice.roles.add(above.id))).toBe("403 50013");
    // Admins (position 2 at the start, above the bot's 1): Administrator does not pass the hierarchy.
    expect(await attempt(alice.roles.add(store.adminRoleId))).toBe("403 50013");
    // The bot's own role is its highest: "at" the bot's highest is refused too (and it is managed).
    expect(await attempt(alice.roles.add(store.botRole().id))).toBe("403 50013");
    // Moved above both, the bot may give them.
    await driver(discord, "/local/roles/bot", { position: 99 });
    expect(await attempt(alice.roles.add(above.id))).toBe("ok");
    expect(await attempt(alice.roles.add(store.adminRoleId))).toBe("ok");
    // Managed roles never: another bot's role, even below.
    const other = await createRole({ name: "OtherBot" });
    Object.assign(store.guild().roles.find((r) => r.id === other.id)!, { managed: true });
    expect(await attempt(alice.roles.add(other.id))).toBe("403 50013");
  });

  it("member role - 404 10011 and 10007, 400 50035 - an unknown role, @everyone, an unknown member, an id that is not a snowflake", async () => {
    discord = await startDiscord({ botRole: { permissions: ["ManageRoles"], position: 9 } });
    const aliceId = discord.context.store.findUser("alice")!.id;
    const role = await createRole({ name: "Champion" });
    const g = discord.guildId;
    const codes = async (method: string, path: string) => {
      const response = await rest(method, path);
      return `${response.status} ${((await response.json()) as { code: number }).code}`;
    };
    expect(await codes("PUT", `/guilds/${g}/members/${aliceId}/roles/123456789012345678`)).toBe("404 10011");
    expect(await codes("PUT", `/guilds/${g}/members/${aliceId}/roles/${g}`)).toBe("404 10011");
    expect(await codes("DELETE", `/guilds/${g}/members/${aliceId}/roles/${g}`)).toBe("404 10011");
    expect(await codes("PUT", `/guilds/${g}/members/123456789012345678/roles/${role.id}`)).toBe("404 10007");
    expect(await codes("PUT", `/guilds/123456789012345678/members/${aliceId}/roles/${role.id}`)).toBe("404 10004");
    const bad = await rest("PUT", `/guilds/${g}/members/undefined/roles/${role.id}`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: 50035,
      errors: {
        user_id: { _errors: [{ code: "NUMBER_TYPE_COERCE", message: 'Value "undefined" is not snowflake.' }] },
      },
    });
    // The member route discord.js fetches with.
    expect(await codes("GET", `/guilds/${g}/members/123456789012345678`)).toBe("404 10007");
    expect((await rest("GET", `/guilds/${g}/members/${aliceId}`)).status).toBe(200);
  });

  it("member role rate limit - the 11th change in 10 s is 429 with retry_after, PUT and DELETE counted together, per guild - 11 changes at once", async () => {
    discord = await startDiscord({
      rateLimits: true,
      guilds: [{ name: "Second", channels: ["games"] }],
      botRole: { permissions: ["ManageRoles"], position: 9 },
    });
    const store = discord.context.store;
    const role = await createRole({ name: "Champion" });
    const g = discord.guildId;
    const users = ["alice", "bob", "carol", "dave", "erin"].map((name) => store.ensureUser(name).user.id);
    const answers: Response[] = [];
    for (let i = 0; i < 10; i++) {
      const method = i % 2 === 0 ? "PUT" : "DELETE";
      answers.push(await rest(method, `/guilds/${g}/members/${users[Math.floor(i / 2)]}/roles/${role.id}`));
    }
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(204));
    expect(answers[0].headers.get("x-ratelimit-limit")).toBe("10");
    expect(answers[9].headers.get("x-ratelimit-remaining")).toBe("0");
    expect(answers[0].headers.get("x-ratelimit-bucket")).toBe(answers[1].headers.get("x-ratelimit-bucket"));
    const limited = await rest("PUT", `/guilds/${g}/members/${users[0]}/roles/${role.id}`, {
      "x-audit-log-reason": "one too many",
    });
    expect(limited.status).toBe(429);
    const body = (await limited.json()) as { retry_after: number; global: boolean };
    expect(body.global).toBe(false);
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(10);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Refused before anything happened.
    expect(store.auditLog.some((e) => e.reason === "one too many")).toBe(false);
    // Another server has its own bucket.
    const second = store.findGuild("Second")!;
    store.updateRole(store.botRole(second.id).id, { permissions: 1n << 28n, position: 9 }, second.id);
    const there = store.createRole({ name: "Champion" }, second.id);
    expect((await rest("PUT", `/guilds/${second.id}/members/${users[0]}/roles/${there.id}`)).status).toBe(204);
  });

  it("state file - roles, their positions and permissions, and members' roles come back - restart on the same file", async () => {
    const statePath = join(dir, "roles.json");
    discord = await startDiscord({ statePath });
    const role = await createRole({ name: "Champion", permissions: ["ManageMessages"], color: 0x3498db });
    await driver(discord, "/local/roles/bot", { permissions: ["ManageRoles", "SendMessages"], position: 9 });
    expect((await driver(discord, "/local/users/bob/roles", { role: "Champion" })).body.changed).toBe(true);
    await driver(discord, "/local/users/alice/roles", { role: "Champion" });
    await driver(discord, "/local/users/alice/roles", { role: "Champion", remove: true });
    const before = (await driver(discord, "/local/roles")).body as APIRole[];
    await discord.close();

    discord = await startDiscord({ statePath });
    const after = (await driver(discord, "/local/roles")).body as APIRole[];
    expect(after).toEqual(before);
    expect(after.find((r) => r.id === role.id)).toMatchObject({ permissions: String(1n << 13n), color: 0x3498db });
    expect(discord.context.store.botRole()).toMatchObject({
      permissions: String((1n << 28n) | (1n << 11n)),
      position: after.length - 1,
    });
    expect((await driver(discord, "/local/users/bob/roles")).body.map((r: APIRole) => r.name)).toEqual(["Champion"]);
    expect((await driver(discord, "/local/users/alice/roles")).body).toEqual([]);
    await discord.close();

    // The options' bot role applies over the saved one.
    discord = await startDiscord({ statePath, botRole: { permissions: ["Administrator"] } });
    expect(discord.context.store.botRole().permissions).toBe(String(1n << 3n));
  });

  it("driver roles - refused: a duplicate name 409, @everyone or the bot's managed role 400, an unknown permission 400 - as the Discord client refuses them", async () => {
    discord = await startDiscord();
    await createRole({ name: "Champion" });
    expect((await driver(discord, "/local/roles", { name: "champion" })).status).toBe(409);
    expect((await driver(discord, "/local/users/alice/roles", { role: "@everyone" })).status).toBe(400);
    expect((await driver(discord, "/local/users/alice/roles", { role: "bot" })).status).toBe(400);
    expect((await driver(discord, "/local/roles", { name: "X", permissions: ["Fly"] })).status).toBe(400);
    const removed = await fetch(`${discord.url}/local/users/alice/roles/Champion`, { method: "DELETE" });
    expect(await removed.json()).toMatchObject({ changed: false, roles: [] });
  });
});
