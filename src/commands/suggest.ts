/** What every autocomplete shares: Discord's limits on suggestions, and narrowing them to what was typed. */
import type { Choice } from "./command.ts";

/** Discord's limit on a suggestion's name. */
export const SUGGESTION_LIMIT = 100;

/** Discord's limit on the number of suggestions. */
export const SUGGESTIONS_SHOWN = 25;

/** Keeps the suggestions whose text contains what was typed (in any case), at most 25. */
export function matching(choices: readonly Choice[], typed: string): Choice[] {
  const wanted = typed.trim().toLowerCase();
  return choices.filter((c) => c.name.toLowerCase().includes(wanted)).slice(0, SUGGESTIONS_SHOWN);
}
