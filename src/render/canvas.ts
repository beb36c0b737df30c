/**
 * The canvas library, loaded only here and only after its allocator's options are set (see
 * allocator-options.ts): the renderer's modules import the canvas API from this module.
 */
import "./allocator-options.ts";

export { type Canvas, createCanvas, GlobalFonts, type SKRSContext2D } from "@napi-rs/canvas";
