/**
 * Registers /nickar, /nickar-admin, /nickar-tournament and /nickar-puzzle for one server (DISCORD_GUILD_ID, instant) or globally. Works against any REST
 * base URL (DISCORD_API_URL), such as the local stand-in Discord. Imports only definitions: no database, no
 * canvas, no native module (test/bin/deploy-commands.test.ts checks), so `--dry-run` prints the JSON it would
 * register with no token and no network.
 */
import { pathToFileURL } from "node:url";
import { REST, Routes } from "discord.js";
import { entryPointDefinition } from "../commands/entry-point.ts";
import { commandDefinitions } from "../commands/index.ts";
import { ConfigError, loadConfig } from "../config.ts";

export interface DeployOptions {
  readonly token: string;
  readonly applicationId?: string;
  readonly guildId?: string;
  readonly apiUrl?: string;
  /**
   * The Activity is served: the App Launcher's entry point command is registered too. It is global only
   * (Discord's rule): with `guildId` it is created globally beside the server's commands.
   */
  readonly activity?: boolean;
}

/** Registers the commands and returns where. The application id is looked up when not given. */
export async function deployCommands(options: DeployOptions): Promise<string> {
  const rest = new REST(options.apiUrl ? { api: options.apiUrl } : {}).setToken(options.token);
  const applicationId = options.applicationId ?? ((await rest.get(Routes.currentApplication())) as { id: string }).id;
  const body = commandDefinitions();
  if (options.guildId) {
    await rest.put(Routes.applicationGuildCommands(applicationId, options.guildId), { body });
    if (options.activity) await rest.post(Routes.applicationCommands(applicationId), { body: entryPointDefinition() });
    return `server ${options.guildId}`;
  }
  // A bulk overwrite without the entry point would drop it (Discord refuses that while Activities are on).
  await rest.put(Routes.applicationCommands(applicationId), {
    body: options.activity ? [...body, entryPointDefinition()] : body,
  });
  return "all servers (global commands may take up to an hour to appear)";
}

async function main(): Promise<void> {
  if (process.argv.includes("--dry-run")) {
    process.stdout.write(`${JSON.stringify(commandDefinitions(), null, 2)}\n`);
    return;
  }
  const config = loadConfig();
  if (!config.token) throw new ConfigError("DISCORD_TOKEN is needed to register commands.");
  const where = await deployCommands({
    token: config.token,
    applicationId: config.applicationId,
    guildId: config.guildId,
    apiUrl: config.apiUrl,
    activity: config.activity !== null,
  });
  console.log(`Registered /nickar, /nickar-admin, /nickar-tournament and /nickar-puzzle for ${where}.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
