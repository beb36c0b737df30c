/**
 * The translator the renderer falls back to when a caller gives none: English, the catalogues'
 * source language. The bot always passes one (a render task carries its locale, see task.ts); the
 * default serves the preview tool, the palette's sample scenes and the tests.
 */
import { LRUCache } from "lru-cache";
import { type Locale, type Translate, translator } from "../i18n/index.ts";

export const ENGLISH: Translate = translator("en");

const translators = new Map<Locale, Translate>();

/**
 * `t` with its answers kept by key and values: an i18next lookup with interpolation cost 20-40 us,
 * about a tenth of a millisecond a board. The values are plain (numbers, strings and terms of them),
 * so their JSON names them; the pseudo-locale switch (read at each translation) is part of the key.
 */
function keeping(t: Translate): Translate {
  // A board asks for the same few texts (captions, headers) again and again.
  const texts = new LRUCache<string, string>({
    max: 2048,
    // And by bytes: keys carry names and titles (two bytes a character, and the entry's own).
    maxSize: 512 * 1024,
    sizeCalculation: (text, id) => (id.length + text.length) * 2 + 64,
  });
  return (key, values) => {
    const id = `${process.env.NICKAR_PSEUDO_LOCALE === "1" ? "⟦" : ""}${key}${values ? JSON.stringify(values) : ""}`;
    let text = texts.get(id);
    if (text === undefined) {
      text = t(key, values);
      texts.set(id, text);
    }
    return text;
  };
}

/** One translator per locale, made once (a worker thread draws many images in the same language). */
export function translatorFor(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    t = keeping(translator(locale));
    translators.set(locale, t);
  }
  return t;
}
