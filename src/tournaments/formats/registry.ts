/**
 * Every tournament format, by the name stored in `tournaments.format`: a new format is a file in this folder
 * (a FormatRules, format.ts) and one line here.
 */
import type { TournamentFormat, TournamentRow } from "../../db/schema.ts";
import { arena } from "./arena.ts";
import type { FormatRules } from "./format.ts";
import { knockout } from "./knockout.ts";
import { swiss } from "./swiss.ts";

export const FORMATS: { readonly [F in TournamentFormat]: FormatRules<F> } = {
  swiss,
  arena,
  knockout,
};

/** The rules of the tournament's format. */
export function formatOf(t: Pick<TournamentRow, "format">): FormatRules {
  return FORMATS[t.format];
}
