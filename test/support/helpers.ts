/** A real SQLite database (temp file, real migrations), a manual clock and plain handler contexts. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { type AiPool, createAiPool } from "../../src/ai/index.ts";
import { type AppOptions, createApp } from "../../src/app.ts";
import { manualClock } from "../../src/clock.ts";
import { openDatabase } from "../../src/db/client.ts";
import type { UserError } from "../../src/errors.ts";
import type { App, CommandOptions, HandlerContext } from "../../src/interactions/context.ts";
import { speakingTo } from "../../src/interactions/speech.ts";
import type { Images } from "../../src/present/images.ts";

export const GUILD = "100";
export const CHANNEL = "200";
export const ALICE = "1001";
export const BOB = "1002";
export const CAROL = "1003";

export const HOUR = 60 * 60_000;
export const DAY = 24 * HOUR;

export const fakeImages: Images = {
  boardPng: async () => Buffer.from("png"),
  moveGif: async (game) => (game.last ? Buffer.from("gif") : null),
  boardAlt: async (game) => `board of game ${game.row.id}`,
  ratingChart: async () => Buffer.from("chart"),
  ladderPng: async () => Buffer.from("ladder"),
  tournamentPng: async (image) => Buffer.from(`tournament ${image.kind}`),
  advantageChart: async () => Buffer.from("advantage"),
  positionPng: async () => Buffer.from("position"),
  positionAlt: async (shot) => `position ${shot.state.ply}`,
  lineGif: async (shots, _names, _locale, opening = "end") =>
    Buffer.from(`line of ${shots.length - 1} from the ${opening}`),
};

export const DEFAULTS = { timeLimit: 3600, maxGamesPerPlayer: 3, challengeExpiry: 10 * 60_000 };

/** `extra`: more app options, e.g. the computer opponent (`bots` and `computer`). */
export function setup(
  random: () => number = () => 0.1,
  images: Images = fakeImages,
  extra: Partial<Pick<AppOptions, "bots" | "computer" | "rolesTakenBack" | "swissPairer">> = {},
) {
  const dir = mkdtempSync(join(tmpdir(), "nickar-test-"));
  const path = join(dir, "test.db");
  const clock = manualClock();
  let database = openDatabase(path);
  const make = () => createApp({ db: database.db, clock, defaults: DEFAULTS, images, random, ...extra });
  const world = {
    path,
    clock,
    app: make(),
    /** The database under the app, for checks the commands cannot make. */
    db: () => database.db,
    /** A second connection to the same file, as another process would have. */
    other: () => {
      const second = openDatabase(path);
      return {
        app: createApp({ db: second.db, clock, defaults: DEFAULTS, images: fakeImages, random }),
        close: second.close,
      };
    },
    /** Closes the database and opens it again, as a restart does. */
    restart: () => {
      database.close();
      database = openDatabase(path);
      world.app = make();
    },
    ctx: (userId: string, extra: Partial<HandlerContext> = {}): HandlerContext => ({
      userId,
      guildId: GUILD,
      channelId: CHANNEL,
      messageId: null,
      canManageGuild: false,
      appPermissions: null,
      ...speakingTo(world.app, GUILD, extra.locale ?? "en", null),
      app: world.app,
      ...extra,
    }),
    close: () => {
      database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return world;
}

export type World = ReturnType<typeof setup>;

/** Slash command options from a plain object. */
export function options(
  values: Record<string, string | number | boolean | { id: string; bot?: boolean } | null> = {},
): CommandOptions {
  const get = <T>(name: string) => (values[name] ?? null) as T | null;
  return {
    getString: (n) => get<string>(n),
    getInteger: (n) => get<number>(n),
    getBoolean: (n) => get<boolean>(n),
    getUser: (n) => {
      const u = get<{ id: string; bot?: boolean }>(n);
      return u ? { id: u.id, bot: u.bot ?? false } : null;
    },
    getChannel: (n) => get<{ id: string }>(n),
    getRole: (n) => get<{ id: string }>(n),
  };
}

export type { App };

/** One real AI pool (a worker thread) for the tests of the enclosing file or describe block. */
export function sharedPool(): () => AiPool {
  let pool: AiPool | undefined;
  beforeAll(() => {
    pool = createAiPool({ threads: 1 });
  });
  afterAll(async () => {
    await pool?.close();
  });
  return () => {
    if (!pool) throw new Error("the pool has not started");
    return pool;
  };
}

/**
 * A fresh World for every test of the file, with the timers in `toFake` faked by vitest, closed and
 * the timers restored after each; `use` gets each new World.
 */
export function worldEachTest(toFake: ("Date" | "performance")[], use: (world: World) => void): void {
  let world: World | null = null;
  beforeEach(() => {
    vi.useFakeTimers({ toFake });
    world = setup();
    use(world);
  });
  afterEach(() => {
    world?.close();
    vi.useRealTimers();
  });
}

/** The code of the UserError `f` throws; fails the test when it throws none. */
export function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return (e as UserError).code;
  }
  throw new Error("not refused");
}
