/**
 * What the game's message and its ending notice are drawn from besides the game itself: the facts
 * read from the database (by `boardFacts` in game-message.ts) and the media the views may use, so
 * that the views are pure functions of their inputs.
 */

import type { SeriesSummary } from "../../competition/series-service.ts";
import type { RatingChangeRow } from "../../db/schema.ts";
import type { App } from "../../interactions/context.ts";

export interface BoardFacts {
  /** The series the game belongs to, with its score. */
  readonly series: SeriesSummary | null;
  /** The server shows every move as an animation. */
  readonly animate: boolean;
  /** Takebacks are allowed in this game (its kind, the server's setting): the board has Take back. */
  readonly takebacks?: boolean;
  /** The rating change this game made, by user id (none for a game that changed no rating). */
  readonly ratingChanges: ReadonlyMap<string, Pick<RatingChangeRow, "ratingBefore" | "ratingAfter">>;
  /** The ladder's rungs after a finished ladder game (null for any other game). */
  readonly rungs: readonly { readonly userId: string; readonly rung: number }[] | null;
}

/**
 * What the views use besides their facts: the renderer, display names, and who the computer opponent
 * is (none of them reads the database).
 */
export type Media = Pick<App, "images" | "displayName" | "computer"> & Partial<Pick<App, "activity">>;
