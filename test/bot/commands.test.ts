import { describe, expect, it } from "vitest";
import { COMMANDS, nickarCommand } from "../../src/commands/index.ts";
import { ConfigError, loadConfig } from "../../src/config.ts";

describe("command definitions", () => {
  it("nickar command - has every subcommand - JSON for deployment", () => {
    const json = nickarCommand().toJSON();
    expect(json.name).toBe("nickar");
    const names = (json.options ?? []).map((o) => o.name);
    expect(names.sort()).toEqual(
      ["abort", "board", "cancel", "challenge", "draw", "games", "move", "resign", "rules", "settings"].sort(),
    );
    expect(Object.keys(COMMANDS)).toHaveLength(10);
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
  it("config - uses the documented defaults - empty environment", () => {
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
