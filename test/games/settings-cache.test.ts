/** Server settings are read from memory for a few seconds: at once after an update made here. */
import { describe, expect, it, vi } from "vitest";
import { SETTINGS_CACHE_MS } from "../../src/games/settings.ts";
import { GUILD, type World, worldEachTest } from "../support/helpers.ts";

let w: World;
worldEachTest(["performance"], (world) => {
  w = world;
});

describe("settings cache", () => {
  it("settings - an update is seen at once - made through the same service", () => {
    expect(w.app.settings.get(GUILD).animateMoves).toBe(false);
    w.app.settings.update(GUILD, { animateMoves: true });
    expect(w.app.settings.get(GUILD).animateMoves).toBe(true);
  });

  it("settings - another process's update is seen - once the cached answer is older than the cache time", () => {
    expect(w.app.settings.get(GUILD).animateMoves).toBe(false);
    const other = w.other();
    try {
      other.app.settings.update(GUILD, { animateMoves: true });
      expect(w.app.settings.get(GUILD).animateMoves).toBe(false);
      vi.advanceTimersByTime(SETTINGS_CACHE_MS);
      expect(w.app.settings.get(GUILD).animateMoves).toBe(true);
    } finally {
      other.close();
    }
  });
});
