/**
 * The translator the renderer falls back to when a caller gives none: English, the catalogues'
 * source language. The bot always passes one (a render task carries its locale, see task.ts); the
 * default serves the preview tool, the palette's sample scenes and the tests.
 */
import { type Locale, type Translate, translator } from "../i18n/index.ts";

export const ENGLISH: Translate = translator("en");

const translators = new Map<Locale, Translate>();

/** One translator per locale, made once (a worker thread draws many images in the same language). */
export function translatorFor(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    t = translator(locale);
    translators.set(locale, t);
  }
  return t;
}
