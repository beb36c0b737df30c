// Test harness: a local Discord on an ephemeral port and a real discord.js Client logged into it,
// with per-test interaction handlers.
import {
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  Client,
  GatewayIntentBits,
  type Interaction,
  type MessageComponentInteraction,
} from "discord.js";
import { createLocalDiscord, type LocalDiscord, type LocalDiscordOptions } from "../src/index.ts";

export type Handler<I> = (interaction: I) => Promise<unknown>;

export interface TestBot {
  client: Client;
  /** Slash handlers by "command" or "command subcommand". */
  commands: Map<string, Handler<ChatInputCommandInteraction>>;
  /** Component handlers by custom_id. */
  components: Map<string, Handler<MessageComponentInteraction>>;
  autocomplete: Map<string, Handler<AutocompleteInteraction>>;
  /** Errors thrown by handlers (e.g. DiscordAPIError from the local Discord). */
  errors: unknown[];
}

export const silentLogger = { debug() {}, info() {}, warn() {}, error() {} };

export function startDiscord(options: LocalDiscordOptions = {}): Promise<LocalDiscord> {
  return createLocalDiscord({ ackTimeoutMs: 1000, deferredWaitMs: 3000, logger: silentLogger, ...options });
}

/** Logs a real discord.js client in and routes interactions to the handler maps. */
export async function startBot(discord: LocalDiscord): Promise<TestBot> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: discord.apiUrl } });
  const bot: TestBot = { client, commands: new Map(), components: new Map(), autocomplete: new Map(), errors: [] };
  client.on("interactionCreate", (interaction: Interaction) => {
    const run = async () => {
      if (interaction.isChatInputCommand()) {
        const sub = interaction.options.getSubcommand(false);
        const handler = bot.commands.get(sub ? `${interaction.commandName} ${sub}` : interaction.commandName);
        await handler?.(interaction);
      } else if (interaction.isAutocomplete()) {
        await bot.autocomplete.get(interaction.commandName)?.(interaction);
      } else if (interaction.isMessageComponent()) {
        await bot.components.get(interaction.customId)?.(interaction);
      }
    };
    run().catch((error) => bot.errors.push(error));
  });
  const ready = new Promise<void>((resolve) => client.once("clientReady", () => resolve()));
  await client.login(discord.token);
  await ready;
  return bot;
}

/** destroy() can hang while a shard waits for HELLO; never let it block the teardown. */
export async function stopBot(bot: TestBot | undefined): Promise<void> {
  if (!bot) return;
  await Promise.race([bot.client.destroy(), new Promise((resolve) => setTimeout(resolve, 3000))]);
}

export async function driver(discord: LocalDiscord, path: string, body?: unknown) {
  const response = await fetch(`${discord.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: test answers are inspected loosely
  return { status: response.status, body: (await response.json()) as any };
}

export function waitFor(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      if (predicate()) return resolve();
      if (Date.now() - started > timeoutMs) return reject(new Error("condition not met in time"));
      setTimeout(tick, 20);
    };
    tick();
  });
}

/** A 1x1 PNG, enough for attachment round trips. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
