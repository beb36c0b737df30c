// Prometheus metrics and /healthz of the real bot against the local Discord: after a game starts
// and a move is played, the scrape shows the interactions' latencies by kind, the active game, the
// render pool and a refusal's code.
import { join } from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Playground, startPlayground } from "../../src/bin/playground.ts";
import { openDatabase } from "../../src/db/client.ts";
import { Driver, LOCAL_OPTIONS, moveButtons, moverOf, startGame, tempDir, waitFor } from "./harness.ts";

describe("metrics", () => {
  const temp = tempDir();
  const database = openDatabase(join(temp.dir, "nickar.db"));
  let playground: Playground;
  let driver: Driver;
  let metricsUrl: string;

  beforeAll(async () => {
    playground = await startPlayground({
      port: 0,
      db: database.db,
      logger: pino({ level: "silent" }),
      local: LOCAL_OPTIONS,
      metricsPort: 0,
    });
    driver = new Driver(playground.url);
    await waitFor(() => playground.bot.client.isReady(), "the bot to be ready");
    metricsUrl = playground.bot.metricsUrl!;
  }, 120_000);

  afterAll(async () => {
    await playground?.stop();
    database.close();
    temp.remove();
  });

  const scrape = async () => (await fetch(`${metricsUrl}/metrics`)).text();
  /** The value of one sample line, e.g. `nickar_games_active 1`. */
  const sample = (text: string, series: string) => {
    const line = text.split("\n").find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it("healthz - ok once connected - running bot", async () => {
    const response = await fetch(`${metricsUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok\n");
    expect((await fetch(`${metricsUrl}/nothing`)).status).toBe(404);
  });

  it("metrics - latencies by kind, active games, render pool and refusals - a game started and a move played", async () => {
    const before = await scrape();
    expect(sample(before, "nickar_games_active")).toBe(0);
    const game = await startGame(driver, "alice", "bob", "abapa");
    const mover = driver.nameOf(moverOf(game.message)!.userId);
    const other = mover === "alice" ? "bob" : "alice";
    const button = moveButtons(game.message).find((b) => !b.disabled)!;
    // The wrong player first: refused with a code.
    expect((await driver.click(other, game.messageId, button.customId)).status).toBe(200);
    expect((await driver.click(mover, game.messageId, button.customId)).status).toBe(200);

    const text = await waitFor(async () => {
      const t = await scrape();
      return (sample(t, 'nickar_interaction_seconds_count{kind="button move",stage="done"}') ?? 0) >= 1 && t;
    }, "the move's answer in the metrics");
    expect(sample(text, "nickar_games_active")).toBe(1);
    expect(sample(text, 'nickar_interaction_seconds_count{kind="nickar challenge",stage="ack"}')).toBe(1);
    expect(sample(text, 'nickar_interaction_seconds_count{kind="button challenge accept",stage="done"}')).toBe(1);
    // The refused press and the played one were both acknowledged; only the played one edited a board.
    expect(sample(text, 'nickar_interaction_seconds_count{kind="button move",stage="ack"}')).toBe(2);
    expect(text).toMatch(/nickar_errors_total\{code="[a-z-]+\/[a-z-]+"\} 1/);
    expect(sample(text, 'nickar_pool_threads{pool="render"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'nickar_pool_queue_length{pool="render",lane="people"}')).toBe(0);
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    expect(text).toContain("nickar_scheduler_lag_seconds_count");
  });
});
