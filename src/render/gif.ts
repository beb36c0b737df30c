/** The animation of a view's last move as an animated GIF, ending on the view's still image. */
import { moveFrames } from "./frames.ts";
import { GifWriter } from "./gif-writer.ts";
import { translatorFor } from "./language.ts";
import { paletteFor } from "./palette.ts";
import type { RenderOptions } from "./png.ts";
import { sceneImage } from "./surface.ts";
import type { BoardView } from "./view.ts";

/** Lets other work run between frames: a long animation takes a few hundred milliseconds. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function renderMoveGif(view: BoardView, options: RenderOptions = {}): Promise<Buffer> {
  const scale = options.scale ?? 1;
  const t = translatorFor(options.locale ?? "en");
  const frames = moveFrames(view, t);
  const indexer = paletteFor(scale);
  let writer: GifWriter | null = null;
  for (let i = 0; i < frames.length; i++) {
    const image = sceneImage(view, frames[i].scene, scale, t);
    writer ??= new GifWriter(image.width, image.height, indexer);
    writer.addFrame(image, frames[i].delay);
    if (i % 8 === 7) await breathe();
  }
  return Buffer.from((writer as GifWriter).finish());
}
