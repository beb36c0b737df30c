/**
 * What a game's end decides that players must read, in the outbox (see `outbox` in src/db/schema.ts), written
 * in the game's ending transaction: its ending notice ("… is over"), for every game, and the board of the next
 * game of a series (a first-to-N series or a knockout's match). Each is posted by whoever handled the move (the
 * notice and the board mark it delivered), or by the outbox after its grace when that one crashed; the next
 * game after the ending, as players read them.
 */
import type { Tx } from "../db/client.ts";
import { enqueue } from "../db/outbox.ts";
import type { GameRow } from "../db/schema.ts";

export const GAME_ENDING = "game-ending";
export const NEXT_GAME = "next-game";

export function endingKey(gameId: string): string {
  return `game:${gameId}:ending`;
}

/** The key of a game's board post: its outbox row, and its Discord nonce wherever it is posted from. */
export function boardKey(gameId: string): string {
  return `game:${gameId}:board`;
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

/** `next`, the game a series created when `ended` ended: its board, after `ended`'s ending notice. */
export function enqueueNextGame(tx: Tx, next: GameRow, ended: GameRow, now: number): void {
  enqueue(
    tx,
    {
      key: boardKey(next.id),
      kind: NEXT_GAME,
      guildId: next.guildId,
      channelId: next.channelId,
      subjectId: next.id,
      afterKey: endingKey(ended.id),
      ownerFirst: true,
    },
    now,
  );
}
