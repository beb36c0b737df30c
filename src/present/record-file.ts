/** A game's exportable record: the engine's PGN-like text with the server's tags. */
import { exportRecord, type Player } from "../engine/index.ts";
import type { GameSnapshot } from "../games/snapshot.ts";
import { translator } from "../i18n/index.ts";
import { reasonText } from "./narrate.ts";

/** The record is a data file (PGN-like tags, read by programs too): its words stay English in every language. */
const RECORD_LANGUAGE = translator("en");

/**
 * The Result tag is set only for a game that finished with a result; aborted, cancelled and running
 * games export as "*". The tags are in words: the server's name (its id when the name is unknown),
 * the reason as players say it ("25 seeds", "resignation"), Rated yes or no. Empty display names fall
 * back to the user ids.
 */
export function gameRecordFile(game: GameSnapshot, names: readonly [string, string], server = ""): string {
  const { row, state } = game;
  const winner: Player | null | undefined = row.status === "finished" ? row.winner : undefined;
  const extra: Record<string, string> = {
    Game: row.id,
    Server: server || row.guildId,
    Rated: row.rated ? "yes" : "no",
  };
  if (row.voidedAt !== null) extra.Void = row.voidReason ?? "yes";
  // Takebacks leave the final move list only; how many each player was granted is told here.
  if (row.southTakebacks + row.northTakebacks > 0) {
    extra.SouthTakebacks = String(row.southTakebacks);
    extra.NorthTakebacks = String(row.northTakebacks);
  }
  return exportRecord(state, {
    south: names[0] || row.southId,
    north: names[1] || row.northId,
    date: new Date(row.finishedAt ?? row.createdAt),
    winner,
    reason: row.reason ? reasonText(row.reason, RECORD_LANGUAGE) : undefined,
    extra,
  });
}
