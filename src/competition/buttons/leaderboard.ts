/**
 * The leaderboard's page buttons, `lb:<ruleset>:<season>:<page>:<p|n|m>`: the page they lead to, in the
 * server's language, on the public message; "My rank" answers its presser alone, in their language.
 */
import { isRulesetId, type RulesetId } from "../../engine/index.ts";
import { UserError } from "../../errors.ts";
import { type ButtonKind, decode, NUMBER_FIELD } from "../../interactions/buttons/kind.ts";
import { leaderboardReply } from "../views/leaderboard.ts";

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

export const leaderboard: ButtonKind<LeaderboardButtonId> = {
  owns: (id): id is LeaderboardButtonId => id.type === "leaderboard",
  format: (id) => `lb:${id.ruleset}:${id.season}:${id.page}:${PAGE_CODES[id.nav]}`,
  parse: (fields) => {
    const [prefix, ruleset, season, page, code] = fields;
    if (fields.length !== 5 || prefix !== "lb" || !isRulesetId(ruleset)) return null;
    const nav = decode(PAGE_CODES, code);
    if (!nav || !NUMBER_FIELD.test(season) || !NUMBER_FIELD.test(page)) return null;
    return { type: "leaderboard", ruleset, season: Number(season), page: Number(page), nav };
  },
  handle: (ctx, id) => {
    if (!ctx.guildId) throw new UserError("guild/required-leaderboard");
    const { ruleset, season, page, nav } = id;
    const request = { guildId: ctx.guildId, ruleset, season, page, nav, userId: ctx.userId };
    // The public board is never turned to the presser's page nor marks them: everyone sees it.
    if (nav === "me") return { mode: "reply", reply: leaderboardReply(ctx.app, request, ctx.t) };
    return { mode: "update", reply: leaderboardReply(ctx.app, request, ctx.tServer) };
  },
};
