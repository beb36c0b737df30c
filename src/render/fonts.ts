/**
 * The bundled Nunito font. It is registered under an alias of our own so that the images look the
 * same on every machine: a system font named Nunito (or none at all) never changes the rendering.
 */
import { fileURLToPath } from "node:url";
import { GlobalFonts } from "@napi-rs/canvas";

/** The only font family the renderer names. */
export const FONT_FAMILY = "NickarNunito";

const FILES = ["Nunito_400Regular.ttf", "Nunito_700Bold.ttf"];

let registered = false;

/** Registers the repository's font files once; later calls do nothing. Throws when a file is missing. */
export function registerFonts(): void {
  if (registered) return;
  for (const file of FILES) {
    const path = fileURLToPath(new URL(`../../assets/fonts/${file}`, import.meta.url));
    if (!GlobalFonts.registerFromPath(path, FONT_FAMILY)) throw new Error(`could not load the font ${path}`);
  }
  registered = true;
}

/** A CSS font string in the bundled family, e.g. font(700, 20). */
export function font(weight: 400 | 700, size: number): string {
  return `${weight} ${size}px ${FONT_FAMILY}`;
}
