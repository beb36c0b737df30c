import { describe, expect, it } from "vitest";
import { COMMANDS, nickarCommand } from "../../src/commands/index.ts";
import { ConfigError, loadConfig } from "../../src/config.ts";

describe("command definitions", () => {
  it("nickar command - has every subcommand - JSON for deployment", () => {
    const json = nickarCommand().toJSON();
    expect(json.name).toBe("nickar");
    const names = (json.options ?? []).map((o) => o.name);
    expect(names.sort()).toEqual(
      [
        ...["abort", "board", "cancel", "challenge", "draw", "games", "move", "resign", "rules", "settings"],
        ...["leaderboard", "stats", "history", "game", "export", "void", "ladder", "series", "season"],
        ...["play", "analyse"],
        "forget-me",
      ].sort(),
    );
    const groups = Object.fromEntries(
      (json.options ?? [])
        .filter((o) => "options" in o && o.type === 2)
        .map((o) => [o.name, ((o as { options: { name: string }[] }).options ?? []).map((s) => s.name)]),
    );
    expect(groups).toEqual({
      ladder: ["show", "join", "leave", "challenge"],
      series: ["challenge", "resign", "standings"],
      season: ["new", "list"],
    });
    expect(Object.keys(COMMANDS)).toHaveLength(28);
    expect(COMMANDS["ladder join"].definition.name).toBe("join");
  });

  it("nickar command - fits Discord's limits - 8000 characters, 25 options, short names", () => {
    // Discord counts names, descriptions and choice names and values of a whole command together.
    type Option = {
      name: string;
      description?: string;
      choices?: { name: string; value: unknown }[];
      options?: Option[];
    };
    const size = (o: Option): number =>
      o.name.length +
      (o.description?.length ?? 0) +
      (o.choices ?? []).reduce((n, c) => n + c.name.length + String(c.value).length, 0) +
      (o.options ?? []).reduce((n, c) => n + size(c), 0);
    const check = (o: Option) => {
      expect(o.name).toMatch(/^[-_a-z0-9]{1,32}$/);
      expect(o.description?.length ?? 0).toBeLessThanOrEqual(100);
      expect((o.options ?? []).length).toBeLessThanOrEqual(25);
      for (const c of o.choices ?? []) expect(c.name.length).toBeLessThanOrEqual(100);
      for (const child of o.options ?? []) check(child);
    };
    const json = nickarCommand().toJSON() as unknown as Option;
    check(json);
    expect(size(json)).toBeLessThanOrEqual(8000);
  });

  it("challenge definition - offers every ruleset with a description - choices", () => {
    const json = COMMANDS.challenge.definition.toJSON();
    const ruleset = json.options?.find((o) => o.name === "ruleset") as { choices: { name: string; value: string }[] };
    expect(ruleset.choices.map((c) => c.value)).toEqual([
      "abapa",
      "wari",
      "caribbean",
      "speightstown",
      "bridgetown",
      "haiti",
    ]);
    for (const choice of ruleset.choices) expect(choice.name.length).toBeLessThanOrEqual(100);
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
