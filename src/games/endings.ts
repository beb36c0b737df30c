/**
 * A game's ending notice ("… is over") in the outbox (see `outbox` in src/db/schema.ts), for the games whose
 * ending comes before something else players read (a tournament's final standings): written in the game's
 * ending transaction, posted by whoever handled the move (the notice marks it sent once delivered), or by the
 * outbox after its grace when that one crashed.
 */
import type { Tx } from "../db/client.ts";
import { enqueue } from "../db/outbox.ts";
import type { GameRow } from "../db/schema.ts";

export const GAME_ENDING = "game-ending";

export function endingKey(gameId: string): string {
  return `game:${gameId}:ending`;
}

export function enqueueEnding(tx: Tx, row: GameRow, now: number): void {
  enqueue(
    tx,
    {
      key: endingKey(row.id),
      kind: GAME_ENDING,
      guildId: row.guildId,
      channelId: row.channelId,
      subjectId: row.id,
      ownerFirst: true,
    },
    now,
  );
}
