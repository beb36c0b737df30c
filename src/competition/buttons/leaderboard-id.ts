/** The custom id of leaderboard's buttons (the handler: ./leaderboard.ts). */
import { isRulesetId, type RulesetId } from "../../engine/index.ts";
import { type ButtonCodec, decode, NUMBER_FIELD } from "../../interactions/buttons/kind.ts";

/** "me" shows whoever presses it their page, to them alone (the page number is then ignored). */
export type PageNav = "prev" | "next" | "me";
/** The last letter only keeps two buttons of one message apart when they lead to the same page. */
const PAGE_CODES: Record<PageNav, string> = { prev: "p", next: "n", me: "m" };

export interface LeaderboardButtonId {
  readonly type: "leaderboard";
  readonly ruleset: RulesetId;
  readonly season: number;
  readonly page: number;
  readonly nav: PageNav;
}

export const leaderboardId: ButtonCodec<LeaderboardButtonId> = {
  owns: (id): id is LeaderboardButtonId => id.type === "leaderboard",
  format: (id) => `lb:${id.ruleset}:${id.season}:${id.page}:${PAGE_CODES[id.nav]}`,
  parse: (fields) => {
    const [prefix, ruleset, season, page, code] = fields;
    if (fields.length !== 5 || prefix !== "lb" || !isRulesetId(ruleset)) return null;
    const nav = decode(PAGE_CODES, code);
    if (!nav || !NUMBER_FIELD.test(season) || !NUMBER_FIELD.test(page)) return null;
    return { type: "leaderboard", ruleset, season: Number(season), page: Number(page), nav };
  },
};
