/** The still image of a view as PNG. */
import { encodePng } from "./png-encode.ts";
import { stillScene } from "./still.ts";
import { sceneImage } from "./surface.ts";
import type { BoardView } from "./view.ts";

export interface RenderOptions {
  /** Device pixels per logical pixel (the image is 800 x 360 logical pixels). Default 1. */
  scale?: number;
}

export async function renderBoardPng(view: BoardView, options: RenderOptions = {}): Promise<Buffer> {
  const image = sceneImage(view, stillScene(view), options.scale ?? 1);
  return encodePng(image.data, image.width, image.height);
}
