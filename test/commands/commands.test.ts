import { execFileSync } from "node:child_process";
import { CommandRegistry, commandSize, LocalEvents } from "@nickar/local-discord";
import { ApplicationCommandOptionType, ChannelType, InteractionContextType, PermissionFlagsBits } from "discord.js";
import { describe, expect, it } from "vitest";
import { inviteUrl } from "../../src/bin/invite-url.ts";
import { adminCommand, COMMANDS, commandDefinitions, nickarCommand } from "../../src/commands/index.ts";
import { asRuleset, rulesetChoices } from "../../src/commands/ruleset-option.ts";
import { timeChoices } from "../../src/commands/time-option.ts";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { translator } from "../../src/i18n/index.ts";

describe("command definitions", () => {
  it("nickar command - has every player subcommand - JSON for deployment", () => {
    const json = nickarCommand().toJSON();
    expect(json.name).toBe("nickar");
    const names = (json.options ?? []).map((o) => o.name);
    expect(names.sort()).toEqual(
      [
        ...["abort", "board", "challenge", "draw", "games", "move", "notify", "resign", "rules", "settings"],
        ...["leaderboard", "stats", "history", "game", "export", "ladder", "series"],
        ...["play", "analyse", "forget-me", "takeback"],
      ].sort(),
    );
    expect(groupsOf(json)).toEqual({
      ladder: ["show", "join", "leave", "challenge"],
      series: ["challenge", "resign", "standings"],
    });
    const tournament = commandDefinitions().find((c) => c.name === "nickar-tournament");
    expect((tournament?.options ?? []).map((o) => o.name)).toEqual([
      "create",
      "join",
      "leave",
      "start",
      "standings",
      "crosstable",
      "bracket",
      "pause",
      "resume",
      "cancel",
      "remove",
      "export",
    ]);
    const puzzle = commandDefinitions().find((c) => c.name === "nickar-puzzle");
    expect((puzzle?.options ?? []).map((o) => o.name)).toEqual(["solve", "stats", "top"]);
    expect(Object.keys(COMMANDS)).toHaveLength(49);
    expect(COMMANDS["ladder join"].definition.name).toBe("join");
  });

  it("admin command - holds the admin subcommands and is hidden from members without Manage Server - JSON", () => {
    const json = adminCommand().toJSON();
    expect(json.name).toBe("nickar-admin");
    expect(json.default_member_permissions).toBe(String(PermissionFlagsBits.ManageGuild));
    expect((json.options ?? []).map((o) => o.name).sort()).toEqual(["cancel", "roles", "season", "settings", "void"]);
    expect(groupsOf(json)).toEqual({ season: ["new", "list"], roles: ["set", "remove", "list"] });
    expect(Object.keys(COMMANDS).filter((k) => k.startsWith("nickar-admin "))).toHaveLength(8);
  });

  it("registered commands - server channels only, text channels, bounded strings - contexts, channel_types, max_length", () => {
    for (const json of commandDefinitions()) {
      expect(json.contexts).toEqual([InteractionContextType.Guild]);
      expect(json.dm_permission).toBeUndefined();
      for (const option of leafOptions(json)) {
        if (option.type === ApplicationCommandOptionType.String) {
          expect(option.max_length, `${json.name} ${option.name}`).toBeGreaterThan(0);
          expect(option.max_length).toBeLessThanOrEqual(6000);
        }
        if (option.type === ApplicationCommandOptionType.Channel) {
          expect(option.channel_types, `${json.name} ${option.name}`).toEqual([ChannelType.GuildText]);
        }
      }
    }
  });

  it("registered commands - fit Discord's limits with room to grow - 8000 characters, names, choices", () => {
    const registry = new CommandRegistry("1", new LocalEvents());
    // The local Discord's validation is Discord's (names, descriptions, choices, lengths, 8000 in all).
    expect(() => registry.overwrite("2", commandDefinitions())).not.toThrow();
    for (const json of commandDefinitions()) {
      // Counted independently of the stand-in: every name, description, choice name and value, each
      // field by its longest language (Discord counts only the longest localization of a field).
      type Texts = Record<string, string> | undefined;
      type Node = {
        name: string;
        name_localizations?: Texts;
        description?: string;
        description_localizations?: Texts;
        choices?: { name: string; name_localizations?: Texts; value: unknown }[];
        options?: Node[];
      };
      const longest = (text: string, localized: Texts) =>
        Math.max(text.length, ...Object.values(localized ?? {}).map((l) => l.length));
      const count = (o: Node): number =>
        longest(o.name, o.name_localizations) +
        longest(o.description ?? "", o.description_localizations) +
        (o.choices ?? []).reduce((n, c) => n + longest(c.name, c.name_localizations) + String(c.value).length, 0) +
        (o.options ?? []).reduce((n, c) => n + count(c), 0);
      const size = count(json as unknown as Node);
      expect(size).toBe(commandSize(json as unknown as Record<string, unknown>));
      // Room for what is still to come (a level option, /nickar play and analyse): a quarter of the budget.
      expect(size, json.name).toBeLessThanOrEqual(6000);
    }
  });

  it("ruleset option - suggested by autocomplete with every ruleset and its summary - no registered choices", () => {
    const json = COMMANDS.challenge.definition.toJSON();
    const ruleset = json.options?.find((o) => o.name === "ruleset") as { autocomplete?: boolean; choices?: unknown };
    expect(ruleset.autocomplete).toBe(true);
    expect(ruleset.choices).toBeUndefined();
    const t = translator("en");
    const all = rulesetChoices(t, "");
    expect(all.map((c) => c.value)).toEqual(["abapa", "wari", "caribbean", "speightstown", "bridgetown", "haiti"]);
    for (const choice of all) expect(choice.name.length).toBeLessThanOrEqual(100);
    expect(all[0].name).toBe("Oware Abapa: The common tournament Oware: a grand slam is legal but captures nothing.");
    expect(rulesetChoices(t, "kay").map((c) => c.value)).toEqual(["haiti"]);
    expect(rulesetChoices(t, "BARBADOS").map((c) => c.value)).toEqual(["speightstown", "bridgetown"]);
    // In the user's language, and found by the name in any of our languages.
    const danish = rulesetChoices(translator("da"), "caribisk");
    expect(danish.map((c) => c.value)).toEqual(["caribbean"]);
    expect(danish[0].name).toMatch(/^Caribisk oware: /);
    expect(rulesetChoices(translator("fr"), "haïtien").map((c) => c.value)).toEqual(["haiti"]);
  });

  it("ruleset and time input - typed ids and names are accepted, anything else refused briefly - asRuleset, timeChoices", () => {
    expect(asRuleset("Haiti")).toBe("haiti");
    expect(asRuleset("oware abapa")).toBe("abapa");
    expect(asRuleset("Warri haïtien (Kay)")).toBe("haiti");
    expect(() => asRuleset("x".repeat(3000))).toThrow(/There is no ruleset "x{59}…"/);
    const t = translator("en");
    expect(timeChoices(t, "2h")).toEqual([{ name: "2 hours", value: "2h" }]);
    expect(timeChoices(t, "1").map((c) => c.value)).toEqual(["1m", "10m", "1h", "12h", "1d"]);
    expect(timeChoices(t, "").length).toBeGreaterThan(5);
    // Shown in the user's language, sent as the short form the option reads.
    expect(timeChoices(translator("da"), "1d")).toEqual([{ name: "1 dag", value: "1d" }]);
    expect(timeChoices(translator("fr"), "3d")).toEqual([{ name: "3 jours", value: "3d" }]);
  });
});

type JsonOption = {
  name: string;
  type: number;
  options?: JsonOption[];
  max_length?: number;
  channel_types?: number[];
};

function groupsOf(json: { options?: unknown[] }): Record<string, string[]> {
  const options = (json.options ?? []) as JsonOption[];
  return Object.fromEntries(
    options
      .filter((o) => o.type === ApplicationCommandOptionType.SubcommandGroup)
      .map((o) => [o.name, (o.options ?? []).map((s) => s.name)]),
  );
}

/** Every option that is not a subcommand or group. */
function leafOptions(json: { options?: unknown[] }): JsonOption[] {
  return ((json.options ?? []) as JsonOption[]).flatMap((o) =>
    o.type === ApplicationCommandOptionType.Subcommand || o.type === ApplicationCommandOptionType.SubcommandGroup
      ? leafOptions(o)
      : [o],
  );
}

describe("invite link", () => {
  it("invite url - scopes bot and applications.commands, the permissions the bot checks - application id", () => {
    const url = new URL(inviteUrl("123456789012345678"));
    expect(url.origin + url.pathname).toBe("https://discord.com/oauth2/authorize");
    expect(url.searchParams.get("client_id")).toBe("123456789012345678");
    expect(url.searchParams.get("scope")).toBe("bot applications.commands");
    const bits = PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages | PermissionFlagsBits.AttachFiles;
    expect(url.searchParams.get("permissions")).toBe(String(bits));
    expect(String(bits)).toBe("35840");
    // Manage Roles only for servers whose roles follow the standings.
    const roles = new URL(inviteUrl("123456789012345678", true)).searchParams.get("permissions");
    expect(roles).toBe(String(bits | PermissionFlagsBits.ManageRoles));
  });

  it("npm run invite-url - prints the link - DISCORD_APPLICATION_ID set", () => {
    const out = execFileSync(process.execPath, ["--import", "tsx", "src/bin/invite-url.ts"], {
      env: { ...process.env, DISCORD_APPLICATION_ID: "223456789012345678", DISCORD_TOKEN: "" },
      encoding: "utf8",
    });
    expect(out).toContain(
      "https://discord.com/oauth2/authorize?client_id=223456789012345678&scope=bot%20applications.commands&permissions=35840",
    );
  });
});

describe("config", () => {
  it("config - playground mode, ./data/nickar.db, port 3000, 1-day moves, 10 games - empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      token: undefined,
      databasePath: "./data/nickar.db",
      port: 3000,
      defaults: { timeLimit: 86400, maxGamesPerPlayer: 10, challengeExpiry: 600_000 },
    });
  });

  it("config - names the bad variable without echoing secrets - malformed values", () => {
    expect(() => loadConfig({ PORT: "http", DEFAULT_TIME_LIMIT: "soon", DISCORD_TOKEN: "secret" })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: "http", DEFAULT_TIME_LIMIT: "soon", DISCORD_TOKEN: "secret" });
    } catch (error) {
      expect(String(error)).toContain("PORT");
      expect(String(error)).toContain("DEFAULT_TIME_LIMIT");
      expect(String(error)).not.toContain("secret");
    }
  });
});
