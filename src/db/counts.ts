/** Counts for the metrics, straight from the database. */
import { count, eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { games } from "./schema.ts";

export function countActiveGames(db: Db): number {
  return db.select({ n: count() }).from(games).where(eq(games.status, "active")).get()?.n ?? 0;
}
