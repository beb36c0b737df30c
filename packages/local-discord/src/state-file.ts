// The local Discord's world kept across restarts: servers (their roles and members' roles included), channels, users with their settings,
// messages (components and attachments included), pings and registered commands, in one JSON file
// (attachments in a folder beside it), and how far the playground's clock was moved. Loaded once at start; saved at most every `delayMs` after a
// change (a temporary file renamed over the old one) and on close.
import { readFileSync, renameSync } from "node:fs";
import type { AttachmentStore } from "./attachments.ts";
import type { LocalClock } from "./clock.ts";
import type { CommandRegistry, CommandsSnapshot } from "./commands.ts";
import type { LocalEventMap, LocalEvents } from "./events.ts";
import { writeFileAtomic } from "./files.ts";
import type { LocalLogger } from "./logger.ts";
import { reserveSnowflake } from "./snowflake.ts";
import type { Store, StoreSnapshot } from "./store.ts";

const VERSION = 1;

interface SavedState {
  version: typeof VERSION;
  savedAt: string;
  /** The server's address when saved: attachment URLs are moved to the new one on load. */
  baseUrl: string;
  store: StoreSnapshot;
  commands: CommandsSnapshot;
  /** How far the playground's clock was ahead of real time (absent in files saved before it could move). */
  clockOffsetMs?: number;
}

/** The folder of a state file's attachments: `world.json` keeps them in `world.attachments/`. */
export function attachmentsDir(statePath: string): string {
  return `${statePath.replace(/\.json$/i, "")}.attachments`;
}

/**
 * Reads a state file (null when there is none). A file that cannot be read as a saved state is moved
 * aside (`<path>.broken-<time>`) with a warning, so that the fresh world saved next does not destroy it.
 */
export function readState(path: string, logger: LocalLogger): { text: string; state: SavedState } | null {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  try {
    const state = JSON.parse(text) as SavedState;
    if (state?.version !== VERSION || !state.store || !state.commands || typeof state.baseUrl !== "string") {
      throw new Error(`not a version ${VERSION} local Discord state`);
    }
    return { text, state };
  } catch (error) {
    const aside = `${path}.broken-${Date.now()}`;
    renameSync(path, aside);
    logger.warn({ err: error, path, movedTo: aside }, "local Discord state unreadable: starting afresh");
    return null;
  }
}

/**
 * Lays a saved state over the new world: attachment URLs point at this server, ids handed out from
 * now on are greater than every saved one, and saved files no message refers to are deleted.
 */
export function restoreState(
  saved: { text: string; state: SavedState },
  to: {
    store: Store;
    commands: CommandRegistry;
    attachments: AttachmentStore;
    clock: LocalClock;
    baseUrl: string;
    logger: LocalLogger;
  },
): void {
  const from = `${saved.state.baseUrl}/attachments/`;
  const text = saved.text.split(from).join(`${to.baseUrl}/attachments/`);
  const state = (text === saved.text ? saved.state : JSON.parse(text)) as SavedState;
  let newest = 0n;
  for (const [, id] of text.matchAll(/"(\d{17,20})"/g)) if (BigInt(id) > newest) newest = BigInt(id);
  reserveSnowflake(newest.toString());
  to.store.restore(state.store);
  to.commands.restore(state.commands);
  to.clock.restore(state.clockOffsetMs ?? 0);
  const referenced = new Set([...text.matchAll(/\/attachments\/\d+\/\d+\/[^"/\\\s?#]+/g)].map((m) => m[0]));
  to.attachments
    .prune(referenced, newest)
    .catch((error) => to.logger.warn({ err: error }, "local Discord could not prune saved attachments"));
}

/** The events after which the world differs from the saved one. */
const CHANGES: (keyof LocalEventMap)[] = [
  "messageCreate",
  "messageUpdate",
  "messageDelete",
  "userCreate",
  "userUpdate",
  "commandsUpdate",
  "channelUpdate",
  "guildCreate",
  "pingsUpdate",
  "memberUpdate",
  "roleCreate",
  "roleUpdate",
  "clockUpdate",
];

export class StateSaver {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private readonly changed = () => this.schedule();

  constructor(
    private readonly path: string,
    private readonly world: {
      store: Store;
      commands: CommandRegistry;
      attachments: AttachmentStore;
      clock: LocalClock;
      events: LocalEvents;
      baseUrl: string;
      logger: LocalLogger;
    },
    private readonly delayMs = 500,
  ) {
    for (const event of CHANGES) world.events.on(event, this.changed);
  }

  /** Writes what is pending now, waits for every write (attachments too), and stops listening. */
  async close(): Promise<void> {
    for (const event of CHANGES) this.world.events.off(event, this.changed);
    if (this.timer) this.save();
    await this.writing;
    await this.world.attachments.settled();
  }

  /** At most one write per `delayMs`: a busy game is saved every half second, not at every edit. */
  private schedule() {
    this.timer ??= setTimeout(() => this.save(), this.delayMs);
  }

  private save() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const { store, commands, clock, baseUrl, logger } = this.world;
    const state: SavedState = {
      version: VERSION,
      savedAt: new Date().toISOString(),
      baseUrl,
      store: store.snapshot(),
      commands: commands.snapshot(),
      clockOffsetMs: clock.offsetMs,
    };
    const text = JSON.stringify(state);
    this.writing = this.writing
      .then(() => writeFileAtomic(this.path, text))
      .catch((error) => logger.warn({ err: error, path: this.path }, "local Discord could not save its state"));
  }
}
