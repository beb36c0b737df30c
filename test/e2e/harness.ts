// End-to-end harness: the local Discord and the real bot (in this process, as `npm start` runs them
// without a token, or as a child process in token mode), driven over HTTP like a person would.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createLocalDiscord, type LocalDiscord, type LocalDiscordOptions } from "@nickar/local-discord";
import type { APIMessage } from "discord-api-types/v10";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll } from "vitest";
import { type Playground, type PlaygroundOptions, startPlayground } from "../../src/bin/playground.ts";
import type { Clock } from "../../src/clock.ts";
import { type Database_, openDatabase } from "../../src/db/client.ts";
import { type GameRow, games } from "../../src/db/schema.ts";
import type { Defaults } from "../../src/games/settings.ts";
import type { Logger } from "../../src/logger.ts";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Generous limits: the suite must pass on a loaded 2-core machine. */
export const LONG = 60_000;

export const silentLogger = { debug() {}, info() {}, warn() {}, error() {} };

/** What the local Discord gets in these tests: Discord's rules, with room for a slow machine. */
export const LOCAL_OPTIONS: LocalDiscordOptions = {
  logger: silentLogger,
  ackTimeoutMs: 10_000,
  deferredWaitMs: LONG,
};

export function tempDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), "nickar-e2e-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

// ---------------------------------------------------------------------------------------------
// Waiting

/** Polls `probe` until it returns something other than undefined/false. */
export async function waitFor<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = LONG,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// ---------------------------------------------------------------------------------------------
// The driver API

// biome-ignore lint/suspicious/noExplicitAny: driver answers are inspected loosely
export type Answer = { status: number; body: any };

export class Driver {
  private readonly ids = new Map<string, string>();
  private readonly names = new Map<string, string>();

  constructor(readonly url: string) {}

  async call(path: string, body?: unknown): Promise<Answer> {
    const response = await fetch(`${this.url}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }

  /** `/nickar ...` typed by `user` in `channel`. */
  command(user: string, text: string, channel = "games"): Promise<Answer> {
    return this.call("/local/command", { user, channel, text });
  }

  /** A button (custom id or label) clicked by `user`; `stale` clicks a button of an older version. */
  click(user: string, message: string, button: string, stale = false): Promise<Answer> {
    return this.call("/local/click", { user, message, button, ...(stale && { stale: true }) });
  }

  async messages(channel = "games", as?: string): Promise<APIMessage[]> {
    const query = as ? `?as=${encodeURIComponent(as)}` : "";
    const { status, body } = await this.call(`/local/channels/${channel}/messages${query}`);
    if (status !== 200) throw new Error(`reading #${channel}: ${status} ${JSON.stringify(body)}`);
    return body as APIMessage[];
  }

  async message(id: string, channel = "games", as?: string): Promise<APIMessage | undefined> {
    return (await this.messages(channel, as)).find((m) => m.id === id);
  }

  /** Creates the users (if new) and learns their ids. */
  async users(...names: string[]): Promise<string[]> {
    for (const name of names) {
      if (this.ids.has(name)) continue;
      const { body } = await this.call("/local/users", { name });
      this.ids.set(name, body.id);
      this.names.set(body.id, name);
    }
    return names.map((n) => this.ids.get(n)!);
  }

  /** A user's notifications: the unread ones (or all) with the message content at the time. */
  async pings(
    user: string,
    all = false,
  ): Promise<{ messageId: string; channelId: string; content: string; read: boolean }[]> {
    const { status, body } = await this.call(`/local/users/${user}/pings${all ? "?all=true" : ""}`);
    if (status !== 200) throw new Error(`pings of ${user}: ${status} ${JSON.stringify(body)}`);
    return body.pings;
  }

  /** Marks a user's notifications read (as opening Discord does). */
  async readPings(user: string): Promise<void> {
    await this.call(`/local/users/${user}/pings/read`, {});
  }

  /** The direct messages the bot sent a user, oldest first. */
  async dms(user: string): Promise<APIMessage[]> {
    return (await this.call(`/local/users/${user}/dms`)).body;
  }

  /** Changes a user's local settings: whether they accept DMs, their client's locale. */
  async setUser(name: string, settings: { dms?: boolean; locale?: string; admin?: boolean }): Promise<void> {
    const { status, body } = await this.call("/local/users", { name, ...settings });
    if (status >= 300) throw new Error(`setting ${name}: ${status} ${JSON.stringify(body)}`);
    this.ids.set(name, body.id);
    this.names.set(body.id, name);
  }

  idOf(name: string): string {
    const id = this.ids.get(name);
    if (!id) throw new Error(`unknown user ${name}: call users() first`);
    return id;
  }

  nameOf(id: string): string {
    const name = this.names.get(id);
    if (!name) throw new Error(`unknown user id ${id}`);
    return name;
  }

  async info(): Promise<{
    botConnected: boolean;
    botResumable: boolean;
    gateway: {
      identifies: number;
      resumes: number;
      invalidSessions: number;
      shards: { count: number; live: number[] };
    };
    interactions: { endpoint: string | null; publicKey: string; delivered: number };
    applicationId: string;
    guild: { id: string };
  }> {
    return (await this.call("/local/info")).body;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading the game message

export interface MoveButton {
  readonly house: number;
  readonly label: string;
  readonly customId: string;
  readonly disabled: boolean;
}

interface RawButton {
  type: number;
  custom_id?: string;
  label?: string;
  disabled?: boolean;
  components?: RawButton[];
}

export function buttonsOf(message: APIMessage): RawButton[] {
  const flat = (list: RawButton[] | undefined): RawButton[] =>
    (list ?? []).flatMap((c) => (c.components ? flat(c.components) : [c]));
  return flat(message.components as unknown as RawButton[]);
}

/** The house buttons (`g:<game>:<ply>:m:<house>`), in house order. */
export function moveButtons(message: APIMessage): MoveButton[] {
  return buttonsOf(message)
    .map((b) => ({ b, m: /^g:[^:]+:\d+:m:([1-6])$/.exec(b.custom_id ?? "") }))
    .filter(({ m }) => m !== null)
    .map(({ b, m }) => ({
      house: Number(m![1]),
      label: b.label ?? "",
      customId: b.custom_id!,
      disabled: b.disabled === true,
    }))
    .sort((a, b) => a.house - b.house);
}

/** The game id and ply the message's buttons were drawn for. */
export function gameRef(message: APIMessage): { gameId: string; ply: number } | null {
  for (const b of buttonsOf(message)) {
    const m = /^g:([^:]+):(\d+):/.exec(b.custom_id ?? "");
    if (m) return { gameId: m[1], ply: Number(m[2]) };
  }
  return null;
}

/** The user id the message names as the player to move ("<@id> to move (South)"). */
export function moverOf(message: APIMessage): { userId: string; side: "South" | "North" } | null {
  const m = /<@(\d+)> to move \((South|North)\)/.exec(message.content);
  return m ? { userId: m[1], side: m[2] as "South" | "North" } : null;
}

export const isEphemeral = (message: APIMessage) => ((message.flags ?? 0) & 64) !== 0;

// ---------------------------------------------------------------------------------------------
// Games through the driver

export interface StartedGame {
  readonly gameId: string;
  readonly messageId: string;
  /** The game message right after Accept. */
  readonly message: APIMessage;
}

/** `/nickar challenge opponent:@b ruleset:r first:me`, then `b` presses Accept. */
export async function startGame(
  driver: Driver,
  challenger: string,
  opponent: string,
  ruleset: string,
): Promise<StartedGame> {
  await driver.users(challenger, opponent);
  const text = `/nickar challenge opponent:@${opponent} ruleset:${ruleset} first:me`;
  const challenge = await driver.command(challenger, text);
  if (challenge.status !== 200) throw new Error(`challenge: ${challenge.status} ${JSON.stringify(challenge.body)}`);
  const messageId: string = challenge.body.messages[0].id;
  const accepted = await driver.click(opponent, messageId, "Accept");
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  const message = (accepted.body.messages as APIMessage[]).find((m) => m.id === messageId);
  if (!message) throw new Error(`accept did not update the challenge message: ${JSON.stringify(accepted.body)}`);
  const ref = gameRef(message);
  if (!ref) throw new Error(`no game buttons after Accept: ${message.content}`);
  return { gameId: ref.gameId, messageId, message };
}

/** Waits until the message shows the board of `ply` (edits made outside the interaction land later). */
export function waitForPly(driver: Driver, messageId: string, ply: number, channel = "games"): Promise<APIMessage> {
  return waitFor(async () => {
    const message = await driver.message(messageId, channel);
    // Every game message has a button with the ply in its id (a finished game keeps Animate).
    return message && gameRef(message)?.ply === ply ? message : undefined;
  }, `message ${messageId} at ply ${ply}`);
}

// ---------------------------------------------------------------------------------------------
// The database

/** A game as stored in the bot's SQLite file. */
export function gameRow(db: Database_, gameId: string): GameRow | undefined {
  return db.db.select().from(games).where(eq(games.id, gameId)).get();
}

// ---------------------------------------------------------------------------------------------
// The bot in this process, exactly as `npm start` starts it without a token

export interface Stack {
  readonly playground: Playground;
  readonly driver: Driver;
  readonly database: Database_;
  readonly databasePath: string;
  stop(): Promise<void>;
}

export async function startStack(
  options: {
    clock?: Clock;
    defaults?: Defaults;
    computer?: PlaygroundOptions["computer"];
    puzzleMining?: boolean;
    local?: LocalDiscordOptions;
    logger?: Logger;
  } = {},
): Promise<Stack> {
  const temp = tempDir();
  const databasePath = join(temp.dir, "nickar.db");
  const database = openDatabase(databasePath);
  // E2E_LOG_LEVEL=debug shows what the bot does while a test runs.
  const logger = options.logger ?? pino({ level: process.env.E2E_LOG_LEVEL ?? "silent" });
  let playground: Playground;
  try {
    playground = await startPlayground({
      port: 0,
      db: database.db,
      logger,
      clock: options.clock,
      defaults: options.defaults,
      // Nickar thinks briefly in tests (its levels' own budgets are up to 1.5 s a move).
      computer: options.computer ?? { moveMs: 20, hintMs: 20, analysisMs: 20 },
      puzzleMining: options.puzzleMining,
      local: { ...LOCAL_OPTIONS, ...options.local },
    });
  } catch (error) {
    database.close();
    temp.remove();
    throw error;
  }
  const { client } = playground.bot;
  await waitFor(() => client.isReady(), "the bot to be ready");
  return {
    playground,
    driver: new Driver(playground.url),
    database,
    databasePath,
    async stop() {
      // destroy() can hang while a shard waits for HELLO; never let it block the teardown.
      await Promise.race([playground.stop(), new Promise((r) => setTimeout(r, 5000))]);
      await playground.local.localDiscord.close().catch(() => {});
      database.close();
      temp.remove();
    },
  };
}

/**
 * One stack for the tests of the enclosing file or describe block: started before them, stopped
 * after them. The returned function gives it to a test.
 */
export function sharedStack(): () => Stack {
  let stack: Stack | undefined;
  beforeAll(async () => {
    stack = await startStack();
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });
  return () => {
    if (!stack) throw new Error("the shared stack has not started");
    return stack;
  };
}

// ---------------------------------------------------------------------------------------------
// Child processes

export interface Child {
  readonly process: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or signal). */
  readonly exited: Promise<number | string | null>;
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
}

/**
 * Runs `node --import tsx <script>` (what `tsx <script>` does, as one process whose pid is the
 * bot's), or any command, with a clean environment for the bot's variables.
 */
export function spawnChild(command: string, args: string[], env: Record<string, string>, detached = false): Child {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      // A developer's .env must not leak in: dotenv never overrides variables that are set.
      DISCORD_TOKEN: "",
      DISCORD_APPLICATION_ID: "",
      DISCORD_GUILD_ID: "",
      DISCORD_API_URL: "",
      CHALLENGE_EXPIRY_MINUTES: "10",
      DEFAULT_TIME_LIMIT: "1d",
      MAX_GAMES_PER_PLAYER: "10",
      LOG_LEVEL: "info",
      NO_COLOR: "1",
      // Every spawned bot has a fresh data folder: building six endgame tables there (20-40 s of a search
      // thread on this machine) would only compete with the moves these tests time. test/ai builds them.
      ENDGAME_SEEDS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached,
  });
  let output = "";
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout!.on("data", append);
  child.stderr!.on("data", append);
  const exited = new Promise<number | string | null>((resolveExit) =>
    child.once("exit", (code, signal) => resolveExit(code ?? signal)),
  );
  return {
    process: child,
    output: () => output,
    exited,
    waitForOutput(pattern, timeoutMs = LONG) {
      return new Promise((resolveMatch, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match) finish(() => resolveMatch(match));
        };
        const timer = setTimeout(
          () => finish(() => reject(new Error(`timed out waiting for ${pattern} in:\n${output}`))),
          timeoutMs,
        );
        const onExit = () => finish(() => reject(new Error(`exited before ${pattern}:\n${output}`)));
        const finish = (then: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          child.off("exit", onExit);
          then();
        };
        listeners.add(check);
        child.once("exit", onExit);
        check();
        if (child.exitCode !== null || child.signalCode !== null) onExit();
      });
    },
  };
}

/** `node --import tsx <script>`: one process running the TypeScript entry point. */
export function spawnTsx(script: string, env: Record<string, string>, args: readonly string[] = []): Child {
  return spawnChild(process.execPath, ["--import", "tsx", script, ...args], env);
}

// ---------------------------------------------------------------------------------------------
// The bot as real processes in token mode (`tsx src/bin/main.ts` with DISCORD_TOKEN and DISCORD_API_URL)
// against a local Discord in this process

export interface BotProcesses {
  readonly driver: Driver;
  readonly discord: LocalDiscord;
  /** The bot's environment: token, local Discord, server, database file. */
  readonly env: Record<string, string>;
  /** `npm run deploy-commands` with the same variables (token mode does not register commands). */
  deploy(): Promise<Child>;
  /**
   * Starts `tsx src/bin/main.ts` (with `extraEnv`) and waits until the local Discord has seen it identify
   * (more than `identifiesBefore` times in all) and come online.
   */
  start(identifiesBefore: number, extraEnv?: Record<string, string>): Promise<Child>;
  /** The bot's SQLite file, opened by the test (closed after the tests). */
  database(): Database_;
}

/** One local Discord, temp folder and set of bot processes for the tests of the enclosing block. */
export function botProcesses(token: string): BotProcesses {
  let discord: LocalDiscord | undefined;
  let driver: Driver | undefined;
  let temp: ReturnType<typeof tempDir> | undefined;
  let env: Record<string, string> = {};
  let database: Database_ | undefined;
  const children: Child[] = [];
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the local Discord has not started");
    return value;
  };

  beforeAll(async () => {
    discord = await createLocalDiscord({ ...LOCAL_OPTIONS, token });
    driver = new Driver(discord.url);
    temp = tempDir();
    env = {
      DISCORD_TOKEN: token,
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

  return {
    get driver() {
      return ready(driver);
    },
    get discord() {
      return ready(discord);
    },
    get env() {
      return env;
    },
    async deploy() {
      const child = spawnTsx("src/bin/deploy-commands.ts", env);
      children.push(child);
      await child.exited;
      return child;
    },
    async start(identifiesBefore, extraEnv = {}) {
      const child = spawnTsx("src/bin/main.ts", { ...env, ...extraEnv });
      children.push(child);
      await child.waitForOutput(/"msg":"bot ready"/);
      await waitFor(async () => {
        const info = await ready(driver).info();
        return info.botConnected && info.gateway.identifies > identifiesBefore;
      }, "the new bot process to be connected");
      return child;
    },
    database() {
      database ??= openDatabase(env.DATABASE_PATH);
      return database;
    },
  };
}
