// The bot as its own process (`tsx src/bin/main.ts` in token mode) against a local Discord in the test
// process, for the tests that stop it (SIGTERM), kill it (SIGKILL) or change its database file.
import { join } from "node:path";
import { createLocalDiscord, type LocalDiscord, type LocalDiscordOptions } from "@nickar/local-discord";
import type { APIMessage } from "discord-api-types/v10";
import { deployCommands } from "../../src/bin/deploy-commands.ts";
import { type Child, Driver, LOCAL_OPTIONS, moveButtons, moverOf, spawnTsx, tempDir, waitFor } from "./harness.ts";

export interface BotWorld {
  readonly discord: LocalDiscord;
  readonly driver: Driver;
  readonly databasePath: string;
  readonly env: Record<string, string>;
  /** Starts a bot process and waits until the local Discord sees it connected (a fresh identify). */
  start(extraEnv?: Record<string, string>): Promise<Child>;
  /** Every process started, for the output of a failing test. */
  readonly children: Child[];
  close(): Promise<void>;
}

export async function botWorld(token: string, local: Partial<LocalDiscordOptions> = {}): Promise<BotWorld> {
  const discord = await createLocalDiscord({ ...LOCAL_OPTIONS, ...local, token });
  const driver = new Driver(discord.url);
  const temp = tempDir();
  const databasePath = join(temp.dir, "nickar.db");
  const env = {
    DISCORD_TOKEN: token,
    DISCORD_API_URL: discord.apiUrl,
    DISCORD_GUILD_ID: discord.guildId,
    DATABASE_PATH: databasePath,
  };
  // What `npm run deploy-commands` does (the restart test runs that script itself).
  await deployCommands({
    token,
    applicationId: discord.applicationId,
    guildId: discord.guildId,
    apiUrl: discord.apiUrl,
  });
  const children: Child[] = [];
  return {
    discord,
    driver,
    databasePath,
    env,
    children,
    async start(extraEnv = {}) {
      const identifies = (await driver.info()).gateway.identifies;
      const child = spawnTsx("src/bin/main.ts", { ...env, ...extraEnv });
      children.push(child);
      await child.waitForOutput(/"msg":"bot ready"/);
      await waitFor(async () => {
        const info = await driver.info();
        return info.botConnected && info.gateway.identifies > identifies;
      }, "the bot process to be connected");
      return child;
    },
    async close() {
      for (const child of children) if (child.process.exitCode === null) child.process.kill("SIGKILL");
      await Promise.all(children.map((c) => c.exited));
      await discord.close();
      temp.remove();
    },
  };
}

/** The message's player to move (by name) and the custom id of their first legal house, or null when over. */
export function nextMove(driver: Driver, message: APIMessage): { mover: string; customId: string; ply: number } | null {
  const mover = moverOf(message);
  const button = moveButtons(message).find((b) => !b.disabled);
  if (!mover || !button) return null;
  const ply = Number(/^g:[^:]+:(\d+):/.exec(button.customId)![1]);
  return { mover: driver.nameOf(mover.userId), customId: button.customId, ply };
}

/** The house a move button plays, from its custom id `g:<game>:<ply>:m:<house>`. */
export function houseOf(customId: string): number {
  return Number(/:m:([1-6])$/.exec(customId)![1]);
}
