/** The notices that are still on display (`notices` table), by key: what the next notice replaces. */
import { eq, sql } from "drizzle-orm";
import { builtOnce, type Db } from "./client.ts";
import { type NoticeRow, notices } from "./schema.ts";

// Read and written at every move: built once (builtOnce).
const byKey = builtOnce((db) =>
  db
    .select()
    .from(notices)
    .where(eq(notices.key, sql.placeholder("key")))
    .prepare(),
);
const insert = builtOnce((db) =>
  db
    .insert(notices)
    .values({
      messageId: sql.placeholder("messageId"),
      key: sql.placeholder("key"),
      channelId: sql.placeholder("channelId"),
      createdAt: sql.placeholder("createdAt"),
    })
    .onConflictDoNothing()
    .prepare(),
);
const byMessage = builtOnce((db) =>
  db
    .delete(notices)
    .where(eq(notices.messageId, sql.placeholder("messageId")))
    .prepare(),
);

export function noticesOf(db: Db, key: string): NoticeRow[] {
  return byKey(db).all({ key });
}

export function rememberNotice(db: Db, row: NoticeRow): void {
  insert(db).run(row);
}

export function forgetNotice(db: Db, messageId: string): void {
  byMessage(db).run({ messageId });
}
