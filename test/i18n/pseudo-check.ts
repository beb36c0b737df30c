/**
 * The pseudo-locale's check: with NICKAR_PSEUDO_LOCALE=1 every text from a catalogue comes wrapped in
 * ⟦ ⟧, so whatever a user can see outside the brackets was written in the code. What may stand
 * outside: markup, punctuation, digits, emoji, mentions and timestamps, links, and the words given
 * as `names` (player names, game ids, the bot's name) and single pit letters.
 */

/** The text with every ⟦…⟧ (nested ones too) taken out. */
export function outsideBrackets(text: string): string {
  let rest = text;
  for (;;) {
    const next = rest.replace(/⟦[^⟦⟧]*⟧/g, " ");
    if (next === rest) return rest;
    rest = next;
  }
}

/** The words of `text` left outside the brackets that are not allowed there; empty when all is well. */
export function hardCoded(text: string, names: readonly string[]): string[] {
  const allowed = new Set(names.map((n) => n.toLowerCase()));
  // Names first, whole (a game id such as 8ky8zfzz would otherwise leave "ky" and "zfzz").
  const escaped = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const named = escaped.length > 0 ? new RegExp(`(?<![\\p{L}\\d])(${escaped.join("|")})(?![\\p{L}\\d])`, "giu") : null;
  const outside = (named ? outsideBrackets(text).replace(named, " ") : outsideBrackets(text))
    .replace(/<(@[!&]?|#)\d+>/g, " ")
    .replace(/<t:\d+(:[a-zA-Z])?>/g, " ")
    .replace(/https?:\/\/\S+/g, " ");
  const words = outside.match(/[\p{L}][\p{L}\p{M}'’-]*/gu) ?? [];
  return words.filter((word) => {
    const w = word.toLowerCase();
    if (allowed.has(w)) return false;
    // A pit or house letter (A-F, a-f) stands alone, as on the board.
    if (/^[a-f]$/i.test(word)) return false;
    return true;
  });
}
