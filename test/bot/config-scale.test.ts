import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.ts";

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
});
