/**
 * The animation of a line of moves (a puzzle's solution) as one GIF: each move's replay as the board's
 * move animation draws it, one after the other, a short pause after each. As with one move, the first
 * and the last frame are the still image of the final position, for whoever has autoplay off; a
 * solution opens instead on the puzzle's position (`opening`): its end first would give it away.
 */
import { DELAYS, moveFrames } from "./frames.ts";
import { GifWriter } from "./gif-writer.ts";
import { translatorFor } from "./language.ts";
import { paletteFor } from "./palette.ts";
import type { RenderOptions } from "./png.ts";
import { stillScene } from "./still.ts";
import { sceneImage } from "./surface.ts";
import type { BoardView } from "./view.ts";

/** The pause on each position between two moves of the line. */
export const BETWEEN_MOVES_MS = 900;

const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface LineOptions extends RenderOptions {
  /** The still the GIF opens on, when not the final position's: the position before the line. */
  readonly opening?: BoardView;
}

/** `views[i]` is the position after move i, its `lastMove` that move; at least one. */
export async function renderLineGif(views: readonly BoardView[], options: LineOptions = {}): Promise<Buffer> {
  if (!views.length || views.some((v) => !v.lastMove)) throw new Error("a line needs its moves");
  const scale = options.scale ?? 1;
  const t = translatorFor(options.locale ?? "en");
  const indexer = paletteFor(scale);
  const last = views[views.length - 1];
  let writer: GifWriter | null = null;
  let drawn = 0;
  const add = async (view: BoardView, scene: Parameters<typeof sceneImage>[1], delay: number) => {
    const image = sceneImage(view, scene, scale, t);
    writer ??= new GifWriter(image.width, image.height, indexer);
    writer.addFrame(image, delay);
    if (++drawn % 8 === 0) await breathe();
  };
  // moveFrames gives each move's poster (its still) first and its still again last: the line keeps the
  // final position's poster once, each move's replay, a pause after it, and the final still at the end.
  const lastFrames = moveFrames(last, t);
  if (options.opening) await add(options.opening, stillScene(options.opening, t), DELAYS.poster);
  else await add(last, lastFrames[0].scene, DELAYS.poster);
  for (const view of views) {
    const frames = view === last ? lastFrames : moveFrames(view, t);
    for (const frame of frames.slice(1, -1)) await add(view, frame.scene, frame.delay);
    const still = frames[frames.length - 1];
    await add(view, still.scene, view === last ? DELAYS.final : BETWEEN_MOVES_MS);
  }
  return Buffer.from((writer as unknown as GifWriter).finish());
}
