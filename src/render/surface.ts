/**
 * One reusable canvas per scale. Drawing and reading the pixels back happen in one synchronous
 * call, so renders never interleave on it; reusing it saves allocating and clearing a surface per
 * image and per animation frame.
 */
import { type Canvas, createCanvas, type ImageData } from "@napi-rs/canvas";
import { registerFonts } from "./fonts.ts";
import { HEIGHT, WIDTH } from "./layout.ts";
import { drawScene, type Scene } from "./scene.ts";
import type { BoardView } from "./view.ts";

const surfaces = new Map<number, Canvas>();

function surface(scale: number): Canvas {
  let canvas = surfaces.get(scale);
  if (!canvas) {
    canvas = createCanvas(Math.round(WIDTH * scale), Math.round(HEIGHT * scale));
    surfaces.set(scale, canvas);
  }
  return canvas;
}

/** Draws a scene and returns a copy of its pixels (straight RGBA). */
export function sceneImage(view: BoardView, scene: Scene, scale: number): ImageData {
  registerFonts();
  const canvas = surface(scale);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  // The card has transparent rounded corners: start from a clear surface.
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.scale(scale, scale);
  drawScene(ctx, scale, view, scene);
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}
