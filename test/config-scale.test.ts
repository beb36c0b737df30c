import { describe, expect, it } from "vitest";
import { seedsFor } from "../src/ai/endgame-file.ts";
import { ConfigError, loadConfig } from "../src/config.ts";

describe("config for running at scale", () => {
  it("config - RENDER_THREADS unset or empty means the default - empty and missing", () => {
    expect(loadConfig({}).renderThreads).toBeUndefined();
    expect(loadConfig({ RENDER_THREADS: "" }).renderThreads).toBeUndefined();
    expect(loadConfig({ RENDER_THREADS: "3" }).renderThreads).toBe(3);
  });

  it("config - refuses a render pool without threads - 0 and words", () => {
    expect(() => loadConfig({ RENDER_THREADS: "0" })).toThrow(ConfigError);
    expect(() => loadConfig({ RENDER_THREADS: "many" })).toThrow(/RENDER_THREADS/);
  });

  it("config - sharding off by default, a number or auto otherwise - SHARDING", () => {
    expect(loadConfig({}).sharding).toBeNull();
    expect(loadConfig({ SHARDING: "4" }).sharding).toBe(4);
    expect(loadConfig({ SHARDING: "auto" }).sharding).toBe("auto");
    expect(() => loadConfig({ SHARDING: "0" })).toThrow(/SHARDING/);
    expect(() => loadConfig({ SHARDING: "many" })).toThrow(/SHARDING/);
  });

  it("config - HTTP interactions need a 64-hex-digit key and refuse sharding - DISCORD_PUBLIC_KEY", () => {
    const key = "ab".repeat(32);
    expect(loadConfig({ DISCORD_PUBLIC_KEY: key })).toMatchObject({ publicKey: key, interactionsPort: 8080 });
    expect(loadConfig({}).publicKey).toBeUndefined();
    expect(() => loadConfig({ DISCORD_PUBLIC_KEY: "abc" })).toThrow(/DISCORD_PUBLIC_KEY/);
    expect(() => loadConfig({ DISCORD_PUBLIC_KEY: key, SHARDING: "2" })).toThrow(/cannot be combined/);
  });
});

describe("config - the Activity", () => {
  it("config - ACTIVITY_PORT turns the Activity on, and needs the client secret against Discord - env", () => {
    expect(loadConfig({ DISCORD_TOKEN: "t" }).activity).toBeNull();
    expect(loadConfig({ DISCORD_TOKEN: "t", ACTIVITY_PORT: "" }).activity).toBeNull();
    expect(loadConfig({ DISCORD_TOKEN: "t", ACTIVITY_PORT: "off" }).activity).toBeNull();
    expect(loadConfig({ ACTIVITY_PORT: "0" }).activity).toEqual({ port: 0, host: "127.0.0.1" });
    expect(() => loadConfig({ ACTIVITY_PORT: "on" })).toThrow(/ACTIVITY_PORT/);
    expect(() => loadConfig({ DISCORD_TOKEN: "t", ACTIVITY_PORT: "8090" })).toThrow(/DISCORD_CLIENT_SECRET/);
    expect(loadConfig({ DISCORD_TOKEN: "t", ACTIVITY_PORT: "8090", DISCORD_CLIENT_SECRET: "s" }).activity).toEqual({
      port: 8090,
      host: "127.0.0.1",
      clientSecret: "s",
    });
  });

  it("config - the playground serves the Activity unless told off - no token", () => {
    expect(loadConfig({}).activity).toEqual({ port: 0, host: "127.0.0.1" });
    expect(loadConfig({ ACTIVITY_PORT: "" }).activity).toEqual({ port: 0, host: "127.0.0.1" });
    expect(loadConfig({ ACTIVITY_PORT: "off" }).activity).toBeNull();
  });

  it("config - endgame tables one size for all, then a size per ruleset - ENDGAME_SEEDS", () => {
    const endgame = (value: string) => loadConfig({ ENDGAME_SEEDS: value }).computer.endgame;
    expect(seedsFor(endgame("8"), "abapa")).toBe(8);
    expect(seedsFor(endgame("8, abapa=12,haiti=0"), "abapa")).toBe(12);
    expect(seedsFor(endgame("8,abapa=12,haiti=0"), "haiti")).toBe(0);
    expect(seedsFor(endgame("8,abapa=12"), "wari")).toBe(8);
    expect(() => endgame("abapa=12")).toThrow(/ENDGAME_SEEDS/);
    expect(() => endgame("10,chess=12")).toThrow(/chess=12/);
    expect(() => endgame("10,abapa=16")).toThrow(/abapa=16/);
    expect(() => endgame("16")).toThrow(/ENDGAME_SEEDS/);
  });
});
