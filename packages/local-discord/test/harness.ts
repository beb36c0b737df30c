// Test harness: a local Discord on an ephemeral port and a real discord.js Client logged into it,
// with per-test interaction handlers.
import { deflateSync } from "node:zlib";
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

/** A solid grey PNG of any size (zlib and a CRC are all a PNG needs). */
export function solidPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // filter: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
