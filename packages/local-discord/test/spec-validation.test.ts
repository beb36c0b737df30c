// Request bodies are checked against Discord's official schemas (discord-api-spec's zod schemas),
// through the real discord.js REST client: what Discord would refuse is refused here with 50035
// and Discord's errors tree, and what discord.js really sends passes.
import { DiscordAPIError, Routes, type TextChannel } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalDiscord } from "../src/index.ts";
import { startBot, startDiscord, stopBot, type TestBot } from "./harness.ts";

describe("Discord's schemas", () => {
  let discord: LocalDiscord;
  let bot: TestBot;
  let channelId: string;

  beforeAll(async () => {
    discord = await startDiscord();
    bot = await startBot(discord);
    channelId = (bot.client.channels.cache.find((c) => (c as TextChannel).name === "general") as TextChannel).id;
  });
  afterAll(async () => {
    await stopBot(bot);
    await discord?.close();
  });

  const refusal = async (request: Promise<unknown>) => {
    const error = (await request.catch((e: unknown) => e)) as DiscordAPIError & { rawError: { errors: never } };
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect(error.code).toBe(50035);
    // biome-ignore lint/suspicious/noExplicitAny: the errors tree is inspected loosely
    return error.rawError.errors as any;
  };

  it("message - a field of the wrong type is refused with its path - tts as a string", async () => {
    const errors = await refusal(
      bot.client.rest.post(Routes.channelMessages(channelId), { body: { content: "hi", tts: "yes" } }),
    );
    expect(errors.tts._errors[0].code).toBe("BOOLEAN_TYPE_CONVERT");
  });

  it("message - a list over the schema's length is refused - four sticker ids", async () => {
    const body = { content: "hi", sticker_ids: ["1", "2", "3", "4"] };
    const errors = await refusal(bot.client.rest.post(Routes.channelMessages(channelId), { body }));
    expect(errors.sticker_ids._errors[0]).toEqual({
      code: "BASE_TYPE_MAX_LENGTH",
      message: "Must be 3 or fewer in length.",
    });
  });

  it("message - a nested component field is refused at its place - a button label over 80", async () => {
    const body = {
      content: "hi",
      components: [{ type: 1, components: [{ type: 2, style: 1, custom_id: "a", label: "x".repeat(81) }] }],
    };
    const errors = await refusal(bot.client.rest.post(Routes.channelMessages(channelId), { body }));
    expect(errors.components["0"].components["0"].label._errors[0].code).toBe("BASE_TYPE_MAX_LENGTH");
  });

  it("registration - a wrongly typed field is refused - default_member_permissions true", async () => {
    const body = [{ name: "x", description: "y", default_member_permissions: true }];
    const route = Routes.applicationGuildCommands(discord.applicationId, discord.guildId);
    const errors = await refusal(bot.client.rest.put(route, { body }));
    expect(errors["0"].default_member_permissions._errors[0].code).toBe("NUMBER_TYPE_CONVERT");
  });

  it("message edit - keeps only the listed attachments, refuses an unknown id - two files, then one", async () => {
    const channel = bot.client.channels.cache.get(channelId) as TextChannel;
    const sent = await channel.send({
      content: "two files",
      files: [
        { attachment: Buffer.from("a"), name: "a.txt" },
        { attachment: Buffer.from("b"), name: "b.txt" },
      ],
    });
    const [first] = [...sent.attachments.values()];
    const edited = await sent.edit({ attachments: [first] });
    expect([...edited.attachments.values()].map((a) => a.name)).toEqual(["a.txt"]);
    const body = { attachments: [{ id: "999" }] };
    const errors = await refusal(bot.client.rest.patch(Routes.channelMessage(channelId, sent.id), { body }));
    expect(errors.attachments["0"].id._errors[0]).toEqual({
      code: "ATTACHMENT_NOT_FOUND",
      message: "Attachment data not found",
    });
  });

  it("what discord.js sends - passes - channel.send with a file, components and allowed mentions", async () => {
    const channel = bot.client.channels.cache.get(channelId) as TextChannel;
    const sent = await channel.send({
      content: "board",
      files: [{ attachment: Buffer.from("x"), name: "a.txt" }],
      components: [{ type: 1, components: [{ type: 2, style: 1, custom_id: "b", label: "B" }] }],
      allowedMentions: { users: [] },
    });
    expect(sent.id).toBeTruthy();
    await sent.edit({ content: "board 2", attachments: [] });
  });
});
