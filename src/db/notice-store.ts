/** The notices that are still on display (`notices` table), by key: what the next notice replaces. */
import { eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { type NoticeRow, notices } from "./schema.ts";

export function noticesOf(db: Db, key: string): NoticeRow[] {
  return db.select().from(notices).where(eq(notices.key, key)).all();
}

export function rememberNotice(db: Db, row: NoticeRow): void {
  db.insert(notices).values(row).onConflictDoNothing().run();
}

export function forgetNotice(db: Db, messageId: string): void {
  db.delete(notices).where(eq(notices.messageId, messageId)).run();
}
