// The state file: a local Discord started again on the same file has the same world (users and their
// settings, servers, channels, messages with components and attachments, pings, commands), and a
// button of a message from before the restart reaches the new bot.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type TextChannel } from "discord.js";
import type { APIMessage } from "discord-api-types/v10";
import { afterAll, describe, expect, it } from "vitest";
import { reserveSnowflake, snowflake } from "../src/snowflake.ts";
import { allCommands } from "./commands-fixture.ts";
import { driver, PNG, startBot, startDiscord, stopBot } from "./harness.ts";

const dir = mkdtempSync(join(tmpdir(), "local-discord-state-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A snowflake `ms` milliseconds from now, as another machine's clock ahead of ours would make it. */
const idAt = (ms: number) => ((BigInt(Date.now() + ms) - 1_420_070_400_000n) << 22n).toString();

describe("state file", () => {
  it("restart - users, settings, servers, messages, components, attachments and commands come back, and an old button reaches the new bot - same state file", async () => {
    const statePath = join(dir, "world.json");
    const first = await startDiscord({ statePath });
    const bot = await startBot(first);
    await bot.client.application!.commands.set(allCommands, first.guildId);
    const alice = first.context.store.findUser("alice")!.id;
    bot.commands.set("test reply", (i) =>
      i.reply({
        content: `<@${alice}> here is the board`,
        files: [{ attachment: PNG, name: "board.png" }],
        components: [
          new ActionRowBuilder<ButtonBuilder>().addComponents(
            new ButtonBuilder().setCustomId("press").setLabel("Press").setStyle(ButtonStyle.Primary),
          ),
        ],
      }),
    );
    await driver(first, "/local/users", { name: "Carol", locale: "fr", admin: true, dms: false });
    await driver(first, "/local/guilds", { name: "Second", channels: ["lobby"] });
    await driver(first, "/local/channels/general/permissions", { target: "role:Admins", deny: ["AttachFiles"] });
    const reply = await driver(first, "/local/command", { user: "carol", channel: "games", text: "/test reply" });
    expect(reply.status).toBe(200);
    const before = reply.body.messages[0] as APIMessage;
    await stopBot(bot);
    await first.close();

    // A machine whose clock was an hour ahead saved this message: ids made after loading must not repeat it.
    const ahead = idAt(3_600_000);
    writeFileSync(statePath, readFileSync(statePath, "utf8").replaceAll(before.id, ahead));

    const second = await startDiscord({ statePath });
    try {
      const carol = (await driver(second, "/local/users")).body.find(
        (u: { username: string }) => u.username === "carol",
      );
      expect(carol).toMatchObject({ global_name: "Carol", locale: "fr", admin: true, dms: false });
      expect((await driver(second, "/local/guilds")).body.map((g: { name: string }) => g.name)).toContain("Second");
      const general = second.context.store.findChannel("general")!;
      expect("permission_overwrites" in general && general.permission_overwrites).toHaveLength(1);
      expect((await driver(second, "/local/users/alice/pings")).body.unread).toBe(1);
      // Discord keeps the commands while the bot is away.
      const commands = (await driver(second, "/local/commands")).body as { name: string }[];
      expect(commands.map((c) => c.name)).toEqual(["nickar", "reset", "test"]);

      const [message] = (await driver(second, "/local/channels/games/messages")).body as APIMessage[];
      expect(message).toMatchObject({ id: ahead, content: before.content, components: before.components });
      expect(message.interaction_metadata).toMatchObject({ name: "test reply" });
      // The image is served by the new server, at its address.
      const url = message.attachments[0].url;
      expect(url.startsWith(`${second.url}/attachments/`)).toBe(true);
      const image = await fetch(url);
      expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/png"]);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);

      const next = await startBot(second);
      try {
        next.components.set("press", (i) => i.update({ content: "pressed after the restart", components: [] }));
        const press = await driver(second, "/local/click", { user: "bob", message: ahead, button: "Press" });
        expect(press.status).toBe(200);
        expect(press.body.messages[0]).toMatchObject({ id: ahead, content: "pressed after the restart" });
        const games = (await next.client.channels.fetch(message.channel_id)) as TextChannel;
        const posted = await games.send("after the restart");
        expect(BigInt(posted.id) > BigInt(ahead)).toBe(true);
      } finally {
        await stopBot(next);
      }
    } finally {
      await second.close();
    }
  });

  it("restart - an unreadable file is moved aside and the world starts afresh - broken JSON", async () => {
    const statePath = join(dir, "broken.json");
    writeFileSync(statePath, "{ not json");
    const local = await startDiscord({ statePath });
    try {
      expect(readdirSync(dir).some((f) => f.startsWith("broken.json.broken-"))).toBe(true);
      const users = (await driver(local, "/local/users")).body as { username: string }[];
      expect(users.map((u) => u.username)).toEqual(["alice", "bob", "admin"]);
    } finally {
      await local.close();
    }
  });

  it("snowflakes - ids made after reserving a saved id are greater - saved id ahead of the clock", () => {
    const ahead = idAt(7_200_000);
    reserveSnowflake(ahead);
    expect(BigInt(snowflake()) > BigInt(ahead)).toBe(true);
  });
});
