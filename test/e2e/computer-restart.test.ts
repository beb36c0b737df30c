// Nickar killed with SIGKILL while it thinks about its move in a game against a person, and started
// again: the new process resumes the search at start-up and its move arrives on the old message.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database_, openDatabase } from "../../src/db/client.ts";
import { createLocalDiscord, type LocalDiscord } from "../../src/local/index.ts";
import {
  type Child,
  Driver,
  gameRef,
  gameRow,
  LOCAL_OPTIONS,
  moveButtons,
  moverOf,
  spawnTsx,
  tempDir,
  waitFor,
} from "./harness.ts";

const TOKEN = "e2e.computer-restart.token";

describe("Nickar restarted while it is to move", () => {
  let discord: LocalDiscord;
  let driver: Driver;
  let temp: ReturnType<typeof tempDir>;
  let env: Record<string, string>;
  let database: Database_ | undefined;
  const children: Child[] = [];

  beforeAll(async () => {
    discord = await createLocalDiscord({ ...LOCAL_OPTIONS, token: TOKEN });
    driver = new Driver(discord.url);
    temp = tempDir();
    env = {
      DISCORD_TOKEN: TOKEN,
      DISCORD_API_URL: discord.apiUrl,
      DISCORD_GUILD_ID: discord.guildId,
      DATABASE_PATH: join(temp.dir, "nickar.db"),
    };
  });

  afterAll(async () => {
    for (const child of children) if (child.process.exitCode === null) child.process.kill("SIGKILL");
    await Promise.all(children.map((c) => c.exited));
    database?.close();
    await discord?.close();
    temp?.remove();
  });

  async function startBotProcess(identifiesBefore: number, moveMs: number): Promise<Child> {
    const child = spawnTsx("src/main.ts", { ...env, AI_MOVE_MS: String(moveMs) });
    children.push(child);
    await child.waitForOutput(/"msg":"bot ready"/);
    await waitFor(async () => {
      const info = await driver.info();
      return info.botConnected && info.gateway.identifies > identifiesBefore;
    }, "the new bot process to be connected");
    return child;
  }

  it("restart - the search resumes at start-up and the move arrives - kill -9 while Nickar thinks", async () => {
    const deploy = spawnTsx("src/deploy-commands.ts", env);
    children.push(deploy);
    expect(await deploy.exited, deploy.output()).toBe(0);

    // The first process thinks for a minute: it will be killed long before it moves.
    const first = await startBotProcess(0, 60_000);
    await driver.users("uma");
    const started = await driver.command("uma", "/nickar play level:hard ruleset:wari first:me");
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const messageId: string = started.body.messages[0].id;
    const house = moveButtons((await driver.message(messageId))!).find((b) => !b.disabled)!;
    const moved = await driver.click("uma", messageId, house.customId);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const { gameId } = gameRef((await driver.message(messageId))!)!;
    expect((await driver.message(messageId))!.content).toContain("Nickar is thinking…");
    database = openDatabase(env.DATABASE_PATH);
    expect(gameRow(database, gameId)).toMatchObject({ ply: 1, status: "active", deadlineAt: null });

    first.process.kill("SIGKILL");
    expect(await first.exited).toBe("SIGKILL");
    await waitFor(async () => !(await driver.info()).botConnected, "the local Discord to notice the crash");
    expect(gameRow(database, gameId)!.ply).toBe(1);

    // The new process finds the game where Nickar is to move and plays it, without any interaction.
    const second = await startBotProcess(1, 50);
    await waitFor(() => gameRow(database!, gameId)!.ply === 2, "Nickar's move after the restart");
    const after = await waitFor(async () => {
      const m = await driver.message(messageId);
      return m && gameRef(m)?.ply === 2 ? m : undefined;
    }, "the game message to show Nickar's move");
    expect(moverOf(after)?.userId).toBe(driver.idOf("uma"));
    const row = gameRow(database, gameId)!;
    expect(row.deadlineAt).not.toBeNull();

    second.process.kill("SIGTERM");
    expect(await second.exited, second.output()).toBe(0);
  }, 180_000);
});
