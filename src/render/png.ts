/**
 * The still image of a view as PNG. Normally a palette image on the renderer's fixed palette (the
 * animations' palette): about a fifth of the bytes of a full-colour PNG, in a third of the time,
 * and within a few pixels of it (test/render/encoding.test.ts holds it to that). An image with
 * colours the palette does not hold (more than `POOR_PIXELS_ALLOWED` poorly matched pixels) is
 * written in full colour instead, so nothing new drawn on a board is ever shown in wrong colours.
 */
import type { Locale } from "../i18n/index.ts";
import { translatorFor } from "./language.ts";
import { paletteFor } from "./palette.ts";
import type { PaletteIndexer } from "./palette-indexer.ts";
import { encodeIndexedPng, encodePng } from "./png-encode.ts";
import { stillScene } from "./still.ts";
import { type Pixels, sceneImage, straightAlpha } from "./surface.ts";
import type { BoardView } from "./view.ts";

export interface RenderOptions {
  /** Device pixels per logical pixel (the image is 800 x 360 logical pixels). Default 1. */
  scale?: number;
  /** "palette" (default): the fixed palette unless the image needs more; "full": always full colour. */
  colours?: "palette" | "full";
  /** The language of the image's words (default English). */
  locale?: Locale;
}

/** Poorly matched pixels a palette board may have (anti-aliased edges between two palette colours). */
export const POOR_PIXELS_ALLOWED = 200;

/** `pixels` as a palette PNG on `indexer`'s colours, or in full colour when the palette does not fit them. */
export async function encodeBoard(pixels: Pixels, indexer: PaletteIndexer | null): Promise<Buffer> {
  if (indexer) {
    const { rows, poor } = indexer.indexRows(pixels);
    if (poor <= POOR_PIXELS_ALLOWED) return encodeIndexedPng(rows, indexer.palette, pixels.width, pixels.height, 1);
  }
  const straight = straightAlpha(pixels);
  return encodePng(straight.data, straight.width, straight.height);
}

export async function renderBoardPng(view: BoardView, options: RenderOptions = {}): Promise<Buffer> {
  const scale = options.scale ?? 1;
  // The palette first: building it draws its sample scenes on the same surface.
  const indexer = options.colours === "full" ? null : paletteFor(scale);
  const t = translatorFor(options.locale ?? "en");
  return encodeBoard(sceneImage(view, stillScene(view, t), scale, t), indexer);
}
