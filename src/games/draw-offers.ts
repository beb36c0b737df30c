/**
 * How often a player may offer a draw. A declined offer could otherwise be made again at once, without end (a
 * ping to the opponent each time): as on Lichess, a player's next offer waits until some moves have been
 * played since their last one. Pure, so the game service and its tests share it.
 */
import type { Player } from "../engine/index.ts";

/** Plies (moves of either side) to be played after a player's draw offer before they may offer again. */
export const DRAW_OFFER_GAP = 10;

export interface DrawOfferPlies {
  readonly southDrawOfferPly: number | null;
  readonly northDrawOfferPly: number | null;
}

/** The column that keeps when `seat` last offered. */
export function drawOfferField(seat: Player): keyof DrawOfferPlies {
  return seat === 0 ? "southDrawOfferPly" : "northDrawOfferPly";
}

/** How many more plies must be played before `seat` may offer a draw at `ply`; 0 when they may now. */
export function pliesUntilDrawOffer(row: DrawOfferPlies, seat: Player, ply: number): number {
  const last = row[drawOfferField(seat)];
  return last === null ? 0 : Math.max(0, last + DRAW_OFFER_GAP - ply);
}
