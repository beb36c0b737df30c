/**
 * A note the bot stores with a challenge or a game (why it is unrated): a key and its values, kept as
 * JSON in the row so that it is shown in the reader's language, not in the language of the day it
 * was written. Notes stored before the catalogues existed are plain English text and shown as they are.
 */
import type { MessageKey, Translate, Values } from "./index.ts";

export interface Note {
  readonly key: MessageKey;
  readonly values: Values;
}

export function note(key: MessageKey, values: Values = {}): Note {
  return { key, values };
}

/** The note as a database column holds it. */
export function storeNote(n: Note | null): string | null {
  return n ? JSON.stringify(n) : null;
}

/** A stored note: the structured note, or the plain text of an older row. */
export function readNote(stored: string): Note | string {
  if (!stored.startsWith("{")) return stored;
  try {
    const parsed = JSON.parse(stored) as Note;
    return typeof parsed.key === "string" ? parsed : stored;
  } catch {
    return stored;
  }
}

/** A note (stored or not) in the reader's words. */
export function noteText(t: Translate, n: Note | string): string {
  const read = typeof n === "string" ? readNote(n) : n;
  return typeof read === "string" ? read : t(read.key, read.values);
}
