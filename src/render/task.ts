/**
 * What the render pool's workers are asked to draw (plain data: it is copied to the worker thread).
 * Every task carries the language of its words, which the worker translates with the catalogues.
 */
import type { Player } from "../engine/index.ts";
import type { Locale } from "../i18n/index.ts";
import type { TournamentImage } from "../tournaments/images/tournament-image.ts";
import type { AdvantageMark } from "./advantage-chart.ts";
import type { ChartUnit, RatingPoint, Rung } from "./chart.ts";
import type { BoardView } from "./view.ts";

export type RenderTask = { readonly locale: Locale } & (
  | { readonly kind: "board"; readonly view: BoardView }
  | { readonly kind: "animation"; readonly view: BoardView }
  /** Moves one after the other (a puzzle's solution): `views[i]` is the position after move i. */
  | { readonly kind: "line"; readonly views: readonly BoardView[]; readonly opening?: BoardView }
  | { readonly kind: "board-alt"; readonly view: BoardView }
  | {
      readonly kind: "rating-chart";
      readonly title: string;
      readonly points: readonly RatingPoint[];
      readonly unit?: ChartUnit;
    }
  | { readonly kind: "ladder"; readonly title: string; readonly rungs: readonly Rung[]; readonly more: number }
  | { readonly kind: "tournament"; readonly image: TournamentImage }
  | {
      readonly kind: "advantage-chart";
      readonly title: string;
      readonly evaluations: readonly number[];
      readonly marks: readonly { readonly ply: number; readonly mark: AdvantageMark }[];
      /** Who made each move, for the axis's full moves. */
      readonly movers?: readonly Player[];
    }
);

export type RenderKind = RenderTask["kind"];
