/**
 * The leaderboard message: one page of ten, ranked players then provisional ones, the viewer's own
 * rank when it is not on the page, and page buttons whose ids carry ruleset, season and page.
 */
import { ButtonStyle, ComponentType } from "discord-api-types/v10";
import { RULESETS, type RulesetId } from "../engine/index.ts";
import { type Entry, formatRating, PAGE_SIZE, pageOf, pageOfUser } from "../ladders/standings.ts";
import type { App } from "./context.ts";
import { type CustomId, formatCustomId, type PageNav } from "./custom-id.ts";
import type { Reply } from "./reply.ts";

export interface LeaderboardRequest {
  readonly guildId: string;
  readonly ruleset: RulesetId;
  readonly season: number;
  /** 0-based; ignored when `nav` is "me". */
  readonly page: number;
  readonly nav?: PageNav;
  /** Whose rank is shown: the caller, or whoever pressed a page button. */
  readonly userId: string;
}

/** What a provisional rating ("1662?") means, in plain words. */
export const PROVISIONAL = "needs a few more games to be ranked";

function record(e: Entry): string {
  return `${e.games} game${e.games === 1 ? "" : "s"} · ${e.wins} W ${e.draws} D ${e.losses} L`;
}

function line(e: Entry, userId: string): string {
  const rank = e.rank === null ? "" : `\`${String(e.rank).padStart(3)}.\` `;
  const text = `${rank}<@${e.userId}> **${formatRating(e)}** · ${record(e)}`;
  return e.userId === userId ? `${text} ← you` : text;
}

function ownLine(entries: readonly Entry[], index: number | null, userId: string): string {
  if (index === null) return `<@${userId}>: no rated game in this ruleset this season.`;
  const me = entries[index];
  const ranked = entries.filter((e) => e.rank !== null).length;
  return me.rank === null
    ? `<@${userId}>: ${formatRating(me)} after ${record(me)}: ${PROVISIONAL} (the ? after a rating means it is still settling).`
    : `<@${userId}>: **#${me.rank}** of ${ranked} · ${formatRating(me)} · ${record(me)}`;
}

export function leaderboardReply(app: App, request: LeaderboardRequest): Reply {
  const { guildId, ruleset, season, userId } = request;
  const { entries } = app.ratings.leaderboard(guildId, ruleset, season);
  const current = app.ratings.currentSeason(guildId);
  const name = RULESETS[ruleset].name;
  const seasonText = season === current ? `season ${season}` : `season ${season} (archived)`;
  if (entries.length === 0) {
    return {
      content: `**${name} leaderboard** · ${seasonText}\nNo rated ${name} games yet: play one with /nickar challenge ruleset:${ruleset}.`,
      components: [],
      mentions: [],
    };
  }
  const wanted = request.nav === "me" ? pageOfUser(entries, userId) : request.page;
  const page = pageOf(entries, wanted, userId);
  const lines = [`**${name} leaderboard** · ${seasonText} · page ${page.page + 1} of ${page.pages}`];
  let provisionalShown = false;
  for (const e of page.entries) {
    if (e.rank === null && !provisionalShown) {
      lines.push(`**Not ranked yet** (${PROVISIONAL}; the ? after a rating means it is still settling)`);
      provisionalShown = true;
    }
    lines.push(line(e, userId));
  }
  const onPage = page.userIndex !== null && Math.floor(page.userIndex / PAGE_SIZE) === page.page;
  if (!onPage) lines.push("", ownLine(entries, page.userIndex, userId));
  const id = (target: number, nav: PageNav): CustomId => ({ type: "leaderboard", ruleset, season, page: target, nav });
  const button = (nav: PageNav, target: number, label: string, disabled: boolean) => ({
    type: ComponentType.Button as const,
    custom_id: formatCustomId(id(target, nav)),
    label,
    style: ButtonStyle.Secondary as const,
    disabled,
  });
  const last = page.pages - 1;
  return {
    content: lines.join("\n"),
    mentions: [],
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          button("prev", Math.max(0, page.page - 1), "◀ Previous", page.page === 0),
          button("next", Math.min(last, page.page + 1), "Next ▶", page.page === last),
          button("me", page.page, "My rank", false),
        ],
      },
    ],
  };
}
