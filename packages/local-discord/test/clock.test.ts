// The playground's clock (POST /local/clock): moved forward only, by a duration, announced to the page,
// kept in the state file; Discord's own 3 s acknowledgement keeps real time.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { LocalDiscord } from "../src/index.ts";
import { driver, startDiscord } from "./harness.ts";

const dir = mkdtempSync(join(tmpdir(), "local-discord-clock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let discord: LocalDiscord | undefined;
afterEach(async () => {
  await discord?.close();
  discord = undefined;
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("playground clock", () => {
  it("clock - moves forward by the duration asked, GET and /local/info agree, clockUpdate says the offset - +1h then +1d", async () => {
    discord = await startDiscord();
    const seen: number[] = [];
    discord.context.events.on("clockUpdate", (offset) => seen.push(offset));
    const before = Date.now();
    expect(discord.clock.now() - before).toBeLessThan(1000);

    const hour = await driver(discord, "/local/clock", { advance: "1h" });
    expect(hour.status).toBe(200);
    expect((hour.body as { offsetMs: number }).offsetMs).toBe(HOUR);
    const day = await driver(discord, "/local/clock", { advance: DAY });
    expect((day.body as { offsetMs: number }).offsetMs).toBe(HOUR + DAY);
    expect(seen).toEqual([HOUR, HOUR + DAY]);

    const now = discord.clock.now();
    expect(now - before).toBeGreaterThanOrEqual(HOUR + DAY);
    expect(now - Date.now() - (HOUR + DAY)).toBeLessThanOrEqual(0);
    const got = await driver(discord, "/local/clock");
    expect((got.body as { offsetMs: number }).offsetMs).toBe(HOUR + DAY);
    const info = await driver(discord, "/local/info");
    expect((info.body as { clock: { offsetMs: number } }).clock.offsetMs).toBe(HOUR + DAY);
  });

  it("clock - refused with 400 and unmoved - backwards, zero, not a duration, more than a year", async () => {
    discord = await startDiscord();
    for (const advance of [-HOUR, 0, 1.5, "yesterday", "-1h", "400d", undefined]) {
      const r = await driver(discord, "/local/clock", { advance });
      expect(r.status, JSON.stringify(advance)).toBe(400);
    }
    expect(discord.clock.offsetMs).toBe(0);
  });

  it("clock - the offset comes back after a restart - same state file", async () => {
    const statePath = join(dir, "world.json");
    discord = await startDiscord({ statePath });
    await driver(discord, "/local/clock", { advance: "2d" });
    await discord.close();
    discord = await startDiscord({ statePath });
    expect(discord.clock.offsetMs).toBe(2 * DAY);
  });
});
