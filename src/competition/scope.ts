/** One server and ruleset: the scope of a ladder, and (with a season) of ratings. */
import { and, eq } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { RulesetId } from "../engine/index.ts";

export interface RulesetScope {
  readonly guildId: string;
  readonly ruleset: RulesetId;
}

/** `guild_id = ? AND ruleset = ?`, on any table that has both columns. */
export function inScope(t: { guildId: AnySQLiteColumn; ruleset: AnySQLiteColumn }, key: RulesetScope) {
  return and(eq(t.guildId, key.guildId), eq(t.ruleset, key.ruleset));
}
