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
