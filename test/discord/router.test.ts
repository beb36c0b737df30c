/**
 * The interactionCreate router with stand-in interactions (only what the router reads and calls):
 * everything it is given is answered, including buttons and subcommands this version does not know.
 */
import { type Interaction, MessageFlags, Routes } from "discord.js";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import { puzzleAttempts } from "../../src/db/schema.ts";
import { createRouter, UNKNOWN_BUTTON, UNKNOWN_COMMAND } from "../../src/discord/router.ts";
import { formatCustomId } from "../../src/interactions/custom-id.ts";
import { ALICE, BOB, CAROL, CHANNEL, GUILD, options, setup, type World } from "../support/helpers.ts";
import { acceptedChallenge, startGame } from "../support/play.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

interface Sent {
  readonly content?: string;
  readonly flags?: number;
}

function route(
  interaction: Record<string, unknown>,
  onError?: (code: string) => void,
  app: World["app"] = w.app,
): Promise<void> {
  const router = createRouter({
    onError,
    app,
    messenger: { edit: async () => {}, send: async () => null, direct: async () => null, remove: async () => {} },
    notices: { post: async () => {} },
    logger: pino({ level: "silent" }),
    onChange: () => {},
  });
  return router(interaction as unknown as Interaction);
}

/** The parts of an interaction every kind shares; `sent` collects what the bot answered. */
function base(userId: string, sent: Sent[]) {
  const interaction = {
    id: "9001",
    user: { id: userId },
    guildId: GUILD,
    channelId: CHANNEL,
    memberPermissions: null,
    replied: false,
    deferred: false,
    isAutocomplete: () => false,
    isPrimaryEntryPointCommand: () => false,
    isChatInputCommand: () => false,
    isButton: () => false,
    isMessageComponent: () => false,
    isRepliable: () => true,
    reply: async (body: Sent) => {
      sent.push(body);
      interaction.replied = true;
    },
    followUp: async (body: Sent) => {
      sent.push(body);
    },
  };
  return interaction;
}

function button(customId: string, sent: Sent[]) {
  return {
    ...base(ALICE, sent),
    customId,
    message: { id: "old-message" },
    isButton: () => true,
    isMessageComponent: () => true,
  };
}

function command(
  subcommand: string | null,
  sent: Sent[],
  commandName = "nickar",
  strings: Readonly<Record<string, string>> = {},
  userId = ALICE,
) {
  return {
    ...base(userId, sent),
    commandName,
    isChatInputCommand: () => true,
    options: {
      getSubcommandGroup: () => null,
      getSubcommand: () => subcommand,
      getString: (name: string) => strings[name] ?? null,
      getInteger: () => null,
      getBoolean: () => null,
      getUser: () => null,
      getChannel: () => null,
    },
  };
}

describe("router", () => {
  it("router - answers privately - button from an older version", async () => {
    const sent: Sent[] = [];
    for (const id of ["g:abc:1:m:9", "x:old:button", "c:abc:maybe"]) await route(button(id, sent));
    expect(sent).toHaveLength(3);
    for (const body of sent) {
      expect(body.content).toBe(UNKNOWN_BUTTON);
      expect(body.flags).toBe(MessageFlags.Ephemeral);
    }
  });

  it("router - answers privately - subcommand or command not known yet", async () => {
    const sent: Sent[] = [];
    await route(command("tournament", sent));
    await route(command(null, sent));
    await route(command("rules", sent, "other-bot-command"));
    expect(sent.map((b) => [b.content, b.flags])).toEqual(
      Array.from({ length: 3 }, () => [UNKNOWN_COMMAND, MessageFlags.Ephemeral]),
    );
  });

  it("router - still runs known commands - rules", async () => {
    const sent: Sent[] = [];
    await route(command("rules", sent));
    expect(sent).toHaveLength(1);
    expect(sent[0].content).toContain("[decision]");
  });

  it("router - passes the other options to autocomplete - move with a game chosen", async () => {
    const first = await startGame(w, ALICE, BOB);
    const second = await startGame(w, ALICE, CAROL);
    const responded: { name: string; value: string }[][] = [];
    await route({
      ...base(ALICE, []),
      commandName: "nickar",
      isAutocomplete: () => true,
      isRepliable: () => false,
      options: {
        getSubcommandGroup: () => null,
        getSubcommand: () => "move",
        getFocused: () => ({ name: "house", value: "" }),
        getString: (name: string) => (name === "game" ? second : null),
        getInteger: () => null,
        getBoolean: () => null,
      },
      respond: async (choices: { name: string; value: string }[]) => {
        responded.push(choices);
      },
    });
    expect(responded).toHaveLength(1);
    expect(responded[0]).toHaveLength(6);
    expect(responded[0].every((c) => c.value.endsWith(`@${second}`))).toBe(true);
    expect(responded[0].some((c) => c.value.includes(first))).toBe(false);
    // The chosen suggestion plays in its own game, with no game option.
    await COMMANDS.move.handle(w.ctx(ALICE), options({ house: responded[0][0].value }));
    expect(w.app.games.get(second)!.row.ply).toBe(1);
  });

  it("router - refuses privately before the handler when a guard does not hold - draw in another's game", async () => {
    const id = await startGame(w, ALICE, BOB);
    const sent: Sent[] = [];
    const codes: string[] = [];
    await route(command("draw", sent, "nickar", { game: id }, CAROL), (code) => codes.push(code));
    expect(codes).toEqual(["game/not-yours"]);
    expect(sent).toHaveLength(1);
    expect(sent[0].flags).toBe(MessageFlags.Ephemeral);
    expect(w.app.games.get(id)!.row.drawOfferBy).toBeNull();
    // The organiser's guard of /nickar-tournament too: a member who did not create it cannot start it.
    const made = await COMMANDS["nickar-tournament create"].handle(
      w.ctx(ALICE, { canManageGuild: true }),
      options({ rounds: 2 }),
    );
    await route(command("start", sent, "nickar-tournament", { tournament: made.bind!.id }, BOB), (code) =>
      codes.push(code),
    );
    expect(codes).toEqual(["game/not-yours", "tournament/organiser"]);
  });
});

describe("router - puzzle tries", () => {
  /** A stand-in that answers like Discord: `patched` collects the edits made through tokens. */
  function acting(base: Record<string, unknown>, token: string, sent: Sent[], patched: unknown[][]) {
    return {
      ...base,
      token,
      applicationId: "app-1",
      createdTimestamp: Date.now(),
      appPermissions: null,
      client: { rest: { patch: async (...args: unknown[]) => void patched.push(args) } },
      deferReply: async () => {},
      deferUpdate: async () => {},
      editReply: async (body: Sent) => {
        sent.push(body);
        return { id: `${token}-message` };
      },
    };
  }

  function solve(token: string, sent: Sent[], patched: unknown[][]) {
    const slash = command("solve", sent, "nickar-puzzle");
    const options = { ...slash.options, getString: (name: string) => (name === "ruleset" ? "wari" : null) };
    return route(acting({ ...slash, options }, token, sent, patched));
  }

  it("router - the missed try's private message is edited through the token that showed it - count it as missed", async () => {
    const sent: Sent[] = [];
    const patched: unknown[][] = [];
    await solve("token-1", sent, patched);
    const attempt = w.db().select().from(puzzleAttempts).get();
    expect(attempt).toMatchObject({ messageRef: "@original", messageToken: "token-1" });
    await solve("token-2", sent, patched);
    const asked = sent.at(-1) as Sent & { components: { components: { custom_id: string }[] }[] };
    expect(asked.content).toContain("still open");
    const confirm = asked.components[0].components[0].custom_id;
    await route(acting(button(confirm, sent), "token-3", sent, patched));
    expect(patched).toEqual([
      [
        // As discord.js's own editReply names it.
        Routes.webhookMessage("app-1", "token-1", "@original"),
        { auth: false, body: { content: expect.stringContaining("counted as missed"), components: [] } },
      ],
    ]);
    // The new try is shown in the question's place, and its message is remembered with the press's token.
    const fresh = w
      .db()
      .select()
      .from(puzzleAttempts)
      .all()
      .find((a) => a.status === "open")!;
    expect(fresh).toMatchObject({ messageRef: "@original", messageToken: "token-3" });
  });
});

describe("router - the order players read", () => {
  it("router - a game's ending before the series' next game - the deciding game resigned by its button", async () => {
    const gameId = (await acceptedChallenge(w, ALICE, BOB, {}, "series challenge")).bind!.id;
    w.app.games.bindMessage(gameId, CHANNEL, "board-1");
    const said: string[] = [];
    const router = createRouter({
      app: w.app,
      messenger: {
        edit: async () => {},
        send: async (_channel, reply) => {
          said.push(`post: ${reply.content.split("\n")[0]}`);
          return null;
        },
        direct: async () => null,
        remove: async () => {},
      },
      notices: { post: async (notice) => void said.push(`notice: ${notice.outboxKey ?? "turn"}`) },
      logger: pino({ level: "silent" }),
      onChange: () => {},
    });
    const ply = w.app.games.get(gameId)!.row.ply;
    const resign = formatCustomId({ type: "game", gameId, ply, action: { kind: "resign-confirm" } });
    const answered: Sent[] = [];
    const pressed = {
      ...button(resign, answered),
      update: async (body: Sent) => void answered.push(body),
      // No follow-ups: the notices go to the notice board as the bot's messages.
      appPermissions: { has: () => false },
    };
    await router(pressed as unknown as Interaction);
    expect(answered, JSON.stringify(answered)).toHaveLength(1);
    const ending = said.findIndex((s) => s.startsWith("notice: ") && s !== "notice: turn");
    const next = said.findIndex((s) => s.startsWith("post: "));
    expect(ending, said.join(" | ")).toBeGreaterThanOrEqual(0);
    expect(next, said.join(" | ")).toBeGreaterThan(ending);
  });
});

describe("router - the Activity", () => {
  /** An interaction whose LAUNCH_ACTIVITY answers are counted in `launched`. */
  function launching<T extends Record<string, unknown>>(interaction: T, launched: string[]) {
    return { ...interaction, launchActivity: async () => void launched.push("launch") };
  }

  it("router - Play on the board opens the Activity, or says it is off - LAUNCH_ACTIVITY", async () => {
    const gameId = await startGame(w, ALICE, BOB);
    const launched: string[] = [];
    const sent: Sent[] = [];
    await route(launching(button(`g:${gameId}:0:pb`, sent), launched), undefined, { ...w.app, activity: true });
    expect(launched).toEqual(["launch"]);
    expect(sent).toEqual([]);
    await route(launching(button(`g:${gameId}:0:pb`, sent), launched));
    expect(launched).toEqual(["launch"]);
    expect(sent.at(-1)?.flags).toBe(MessageFlags.Ephemeral);
  });

  it("router - the App Launcher's entry point opens the Activity - PRIMARY_ENTRY_POINT", async () => {
    const launched: string[] = [];
    const entry = launching(
      { ...base(ALICE, []), commandName: "launch", isPrimaryEntryPointCommand: () => true },
      launched,
    );
    await route(entry, undefined, { ...w.app, activity: true });
    expect(launched).toEqual(["launch"]);
  });
});
