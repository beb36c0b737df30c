// LAUNCH_ACTIVITY (interaction callback 12) and the activity instance it opens: accepted as the first
// answer to a command or a button, refused anywhere else, and refused while Activities are off.

import { ButtonStyle, ComponentType, type Interaction } from "discord.js";
import { InteractionResponseType, InteractionType } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityInstance, LocalDiscord } from "../src/index.ts";
import { driver, startBot, startDiscord, stopBot, type TestBot } from "./harness.ts";

const commands = [
  { name: "play", description: "Open the board" },
  { name: "board", description: "A message with a Play button" },
  { name: "twice", description: "Replies, then tries to launch" },
];

let discord: LocalDiscord;
let bot: TestBot;

beforeAll(async () => {
  discord = await startDiscord();
  bot = await startBot(discord);
  await bot.client.application!.commands.set(commands, discord.guildId);
  bot.commands.set("play", (i) => i.launchActivity());
  bot.commands.set("board", (i) =>
    i.reply({
      content: "Game 1",
      components: [
        {
          type: ComponentType.ActionRow,
          components: [
            { type: ComponentType.Button, style: ButtonStyle.Primary, custom_id: "play", label: "Play on the board" },
          ],
        },
      ],
    }),
  );
  bot.components.set("play", (i) => i.launchActivity());
  bot.commands.set("twice", async (i) => {
    await i.reply("first");
    await i.launchActivity();
  });
});
afterAll(async () => {
  await stopBot(bot);
  await discord.close();
});

async function instance(id: string) {
  const response = await fetch(`${discord.apiUrl}/v10/applications/${discord.applicationId}/activity-instances/${id}`, {
    headers: { authorization: `Bot ${discord.token}` },
  });
  return { status: response.status, body: await response.json() };
}

describe("LAUNCH_ACTIVITY", () => {
  it("launch activity - opens an instance in the channel - answer to a slash command", async () => {
    const seen: unknown[] = [];
    const listener = (...args: unknown[]) => seen.push(args);
    discord.context.events.on("activityLaunch", listener);
    const r = await driver(discord, "/local/command", { user: "alice", channel: "games", text: "/play" });
    discord.context.events.off("activityLaunch", listener);
    expect(r.status).toBe(200);
    expect(r.body.response.type).toBe(InteractionResponseType.LaunchActivity);
    const activity = r.body.activity as ActivityInstance;
    const alice = discord.context.store.findUser("alice")!;
    const games = discord.context.store.findChannel("games", discord.guildId)!;
    expect(activity).toMatchObject({
      application_id: discord.applicationId,
      location: { kind: "gc", channel_id: games.id, guild_id: discord.guildId },
      users: [alice.id],
    });
    expect(seen).toEqual([[expect.objectContaining({ instance_id: activity.instance_id }), alice.id]]);
    const read = await instance(activity.instance_id);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(activity);
  });

  it("launch activity - a second user joins the channel's instance - Play on the board button", async () => {
    const board = await driver(discord, "/local/command", { user: "alice", channel: "general", text: "/board" });
    const message = board.body.messages[0].id;
    const first = await driver(discord, "/local/click", { user: "alice", message, button: "Play on the board" });
    const second = await driver(discord, "/local/click", { user: "bob", message, button: "Play on the board" });
    expect(second.status).toBe(200);
    expect(second.body.activity.instance_id).toBe(first.body.activity.instance_id);
    const ids = ["alice", "bob"].map((name) => discord.context.store.findUser(name)!.id);
    expect((await instance(first.body.activity.instance_id)).body.users).toEqual(ids);
  });

  it("activity instance - ends when its last user leaves - 404 afterwards", async () => {
    const r = await driver(discord, "/local/command", { user: "admin", channel: "games", text: "/play" });
    const id = r.body.activity.instance_id;
    const users = (await instance(id)).body.users.length;
    for (const name of ["alice", "admin"]) {
      expect((await driver(discord, "/local/activity/leave", { user: name, instance: id })).status).toBe(200);
    }
    expect(users).toBe(2);
    expect((await instance(id)).status).toBe(404);
    expect((await driver(discord, "/local/activity/leave", { user: "alice", instance: id })).status).toBe(404);
  });

  it("activity instance - 404 unknown, 401 without the bot's token - GET", async () => {
    expect((await instance("i-nothing")).status).toBe(404);
    const response = await fetch(`${discord.apiUrl}/v10/applications/${discord.applicationId}/activity-instances/x`);
    expect(response.status).toBe(401);
  });

  it("launch activity - with_response gives the instance id - interaction callback response", async () => {
    const got: unknown[] = [];
    bot.commands.set("play", async (i) => got.push(await i.launchActivity({ withResponse: true })));
    try {
      const r = await driver(discord, "/local/command", { user: "bob", channel: "games", text: "/play" });
      expect(r.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const response = got[0] as {
        interaction: { activityInstanceId: string };
        resource: { activityInstance: { id: string } };
      };
      expect(response.interaction.activityInstanceId).toBe(r.body.activity.instance_id);
      expect(response.resource.activityInstance.id).toBe(r.body.activity.instance_id);
    } finally {
      bot.commands.set("play", (i) => i.launchActivity());
    }
  });

  // discord.js refuses a second answer itself (InteractionAlreadyReplied): these go to the endpoint directly.
  function record(type: InteractionType) {
    const { interactions, store } = discord.context;
    return interactions.create({
      type,
      applicationId: discord.applicationId,
      userId: store.findUser("alice")!.id,
      channelId: store.findChannel("games", discord.guildId)!.id,
    });
  }
  async function callback(r: { id: string; token: string }, body: unknown) {
    const response = await fetch(`${discord.apiUrl}/v10/interactions/${r.id}/${r.token}/callback`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: response.status === 204 ? null : await response.json() };
  }

  it("launch activity - 40060 - after the interaction was already answered", async () => {
    const r = record(InteractionType.ApplicationCommand);
    expect(
      (await callback(r, { type: InteractionResponseType.ChannelMessageWithSource, data: { content: "hi" } })).status,
    ).toBe(204);
    const second = await callback(r, { type: InteractionResponseType.LaunchActivity });
    expect(second).toMatchObject({ status: 400, body: { code: 40060 } });
    expect(r.activityInstanceId).toBeNull();
  });

  it("launch activity - accepted straight at the endpoint - a component interaction", async () => {
    const r = record(InteractionType.MessageComponent);
    expect((await callback(r, { type: InteractionResponseType.LaunchActivity })).status).toBe(204);
    expect(r.activityInstanceId).not.toBeNull();
  });

  it("launch activity - 50035 - on a modal submit and on an autocomplete", async () => {
    for (const type of [InteractionType.ModalSubmit, InteractionType.ApplicationCommandAutocomplete]) {
      const refused = await callback(record(type), { type: InteractionResponseType.LaunchActivity });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(50035);
      expect(refused.body.errors.type._errors[0].code).toBe("BASE_TYPE_CHOICES");
    }
  });
});

describe("LAUNCH_ACTIVITY with Activities disabled", () => {
  it("launch activity - 50035 - the application has no Activities", async () => {
    const off = await startDiscord({ activitiesEnabled: false });
    const offBot = await startBot(off);
    try {
      await offBot.client.application!.commands.set([commands[0]], off.guildId);
      offBot.commands.set("play", (i) => i.launchActivity());
      const r = await driver(off, "/local/command", { user: "alice", channel: "games", text: "/play" });
      expect(r.status).toBe(502);
      expect(r.body.error.code).toBe(50035);
      expect(off.context.activity.list()).toEqual([]);
    } finally {
      await stopBot(offBot);
      await off.close();
    }
  });
});

describe("entry point (App Launcher)", () => {
  const rest = (path: string, method: string, body?: unknown) =>
    fetch(`${discord.apiUrl}/v10/applications/${discord.applicationId}${path}`, {
      method,
      headers: { authorization: `Bot ${discord.token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: await r.json().catch(() => null) }));
  const launcher = { name: "launch", description: "Open Nickar's board", type: 4 };

  it("entry point - 404 - no entry point registered", async () => {
    expect((await driver(discord, "/local/launch", { user: "alice", channel: "games" })).status).toBe(404);
  });

  it("entry point - DISCORD_LAUNCH_ACTIVITY opens the Activity without the bot - handler 2", async () => {
    const created = await rest("/commands", "POST", { ...launcher, handler: 2 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 4, handler: 2 });
    const r = await driver(discord, "/local/launch", { user: "bob", channel: "general" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ outcome: "launched", activity: { location: { kind: "gc" } } });
    expect(r.body.activity.users).toContain(discord.context.store.findUser("bob")!.id);
  });

  it("entry point - APP_HANDLER sends the bot the interaction, which launches - handler 1", async () => {
    expect((await rest("/commands", "POST", { ...launcher, handler: 1 })).status).toBe(201);
    const onEntry = (i: Interaction) => {
      if (i.isPrimaryEntryPointCommand()) i.launchActivity().catch((e) => bot.errors.push(e));
    };
    bot.client.on("interactionCreate", onEntry);
    try {
      const r = await driver(discord, "/local/launch", { user: "alice", channel: "games" });
      expect(r.status).toBe(200);
      expect(r.body.response.type).toBe(InteractionResponseType.LaunchActivity);
      expect(r.body.activity.location.kind).toBe("gc");
    } finally {
      bot.client.off("interactionCreate", onEntry);
    }
  });

  it("entry point - refused in a server - guild command of type 4", async () => {
    const r = await rest(`/guilds/${discord.guildId}/commands`, "PUT", [...commands, { ...launcher, handler: 2 }]);
    expect(r.status).toBe(400);
    expect(r.body.errors["3"].type._errors[0].code).toBe("APPLICATION_COMMAND_ENTRY_POINT_GUILD");
  });

  it("entry point - refused - two in one application", async () => {
    const two = await rest("/commands", "PUT", [
      { ...launcher, handler: 2 },
      { ...launcher, name: "open", handler: 1 },
    ]);
    expect(two.status).toBe(400);
    const another = await rest("/commands", "POST", { ...launcher, name: "open", handler: 1 });
    expect(another.status).toBe(400);
  });

  it("entry point - refused - handler missing or not 1/2, handler on a slash command, options, no description", async () => {
    const cases = [
      { ...launcher },
      { ...launcher, handler: 3 },
      { name: "slash", description: "x", handler: 1 },
      { ...launcher, handler: 1, options: [{ type: 3, name: "game", description: "Which" }] },
      { ...launcher, handler: 1, description: "" },
      { ...launcher, handler: 1, name: "Launch" },
    ];
    for (const body of cases) expect((await rest("/commands", "POST", body)).status, JSON.stringify(body)).toBe(400);
  });

  it("entry point - 50240 - a global bulk overwrite that leaves it out", async () => {
    expect((await rest("/commands", "POST", { ...launcher, handler: 1 })).status).toBe(201);
    const dropped = await rest("/commands", "PUT", [{ name: "ping", description: "Pong" }]);
    expect(dropped).toMatchObject({ status: 400, body: { code: 50240 } });
    const kept = await rest("/commands", "PUT", [
      { name: "ping", description: "Pong" },
      { ...launcher, handler: 2 },
    ]);
    expect(kept.status).toBe(200);
  });

  it("entry point - refused - Activities off", async () => {
    const off = await startDiscord({ activitiesEnabled: false });
    try {
      const response = await fetch(`${off.apiUrl}/v10/applications/${off.applicationId}/commands`, {
        method: "POST",
        headers: { authorization: `Bot ${off.token}`, "content-type": "application/json" },
        body: JSON.stringify({ ...launcher, handler: 2 }),
      });
      expect(response.status).toBe(400);
      expect((await driver(off, "/local/launch", { user: "alice" })).status).toBe(409);
    } finally {
      await off.close();
    }
  });
});
