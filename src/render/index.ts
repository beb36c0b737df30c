/**
 * The renderer's public surface: board images (PNG) and move animations (GIF) drawn with
 * @napi-rs/canvas in the bundled Nunito font. It imports only the engine.
 */
export { registerFonts } from "./fonts.ts";
export { renderMoveGif } from "./gif.ts";
export { type RenderOptions, renderBoardPng } from "./png.ts";
export { type BoardView, type LastMove, type PlayerLabel, type ViewOutcome, viewFromState } from "./view.ts";
