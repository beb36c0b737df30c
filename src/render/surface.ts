/**
 * One reusable canvas per scale. Drawing and reading the pixels back happen in one synchronous
 * call, so renders never interleave on it; reusing it saves allocating and clearing a surface per
 * image and per animation frame.
 */

import type { Translate } from "../i18n/index.ts";
import { type Canvas, createCanvas } from "./canvas.ts";
import { registerFonts } from "./fonts.ts";
import { ENGLISH } from "./language.ts";
import { HEIGHT, WIDTH } from "./layout.ts";
import { drawScene, type Scene } from "./scene.ts";
import type { BoardView } from "./view.ts";

/** RGBA pixels, 8 bits per channel, row after row. */
export interface Pixels {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
  /** Colour channels multiplied by alpha (as the canvas stores them) or not (as PNG wants them). */
  readonly premultiplied: boolean;
}

const surfaces = new Map<number, Canvas>();

function surface(scale: number): Canvas {
  let canvas = surfaces.get(scale);
  if (!canvas) {
    canvas = createCanvas(Math.round(WIDTH * scale), Math.round(HEIGHT * scale));
    surfaces.set(scale, canvas);
  }
  return canvas;
}

/**
 * Draws a scene and returns a copy of its pixels as the canvas stores them (premultiplied).
 * `getImageData` would un-premultiply every pixel and took about 5 ms an image, more than drawing
 * it; only the few pixels of the rounded corners are partly transparent, see `straightAlpha`.
 */
export function sceneImage(view: BoardView, scene: Scene, scale: number, t: Translate = ENGLISH): Pixels {
  registerFonts();
  const canvas = surface(scale);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.scale(scale, scale);
  drawScene(ctx, scale, view, scene, t);
  return { data: canvas.data(), width: canvas.width, height: canvas.height, premultiplied: true };
}

/** The same pixels with straight alpha (in place: only partly transparent pixels change). */
export function straightAlpha(pixels: Pixels): Pixels {
  if (!pixels.premultiplied) return pixels;
  const { data } = pixels;
  for (let p = 3; p < data.length; p += 4) {
    const a = data[p];
    if (a === 255 || a === 0) continue;
    for (let c = p - 3; c < p; c++) data[c] = Math.min(255, Math.round((data[c] * 255) / a));
  }
  return { ...pixels, premultiplied: false };
}
