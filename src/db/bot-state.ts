/** Named values the bot keeps across restarts (the `bot_state` table). */
import { eq } from "drizzle-orm";
import type { Db, Tx } from "./client.ts";
import { botState } from "./schema.ts";

/** When the bot was last known to be running (Unix ms), written regularly by the scheduler. */
export const HEARTBEAT = "heartbeat";

export function readState(db: Db | Tx, key: string): number | null {
  return db.select({ value: botState.value }).from(botState).where(eq(botState.key, key)).get()?.value ?? null;
}

export function writeState(db: Db | Tx, key: string, value: number): void {
  db.insert(botState).values({ key, value }).onConflictDoUpdate({ target: botState.key, set: { value } }).run();
}

/** The process id of the bot while it runs on this file; removed by a clean shutdown (`npm run restore` checks it). */
export const RUNNING_PID = "running_pid";

export function markRunning(db: Db, pid: number): void {
  writeState(db, RUNNING_PID, pid);
}

export function markStopped(db: Db): void {
  db.delete(botState).where(eq(botState.key, RUNNING_PID)).run();
}

/** The pid of a bot process that is running on this database now (on this machine), or null. */
export function runningBot(db: Db): number | null {
  const pid = readState(db, RUNNING_PID);
  if (pid === null) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}
