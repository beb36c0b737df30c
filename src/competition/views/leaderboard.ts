/**
 * The leaderboard message: one page of ten, ranked players then provisional ones, and page buttons
 * whose ids carry ruleset, season and page. The public board says nothing of whoever asked or pressed
 * (everyone sees it); "My rank" answers its presser alone, with their page and their line marked (or says
 * they have no rated game yet).
 */
import { ButtonStyle } from "discord-api-types/v10";
import type { RulesetId } from "../../engine/index.ts";
import { type Translate, term, user } from "../../i18n/index.ts";
import { RULESET_NAME } from "../../i18n/terms.ts";
import type { App } from "../../interactions/context.ts";
import type { PageNav } from "../../interactions/custom-id.ts";
import type { Reply } from "../../interactions/reply.ts";
import { discordTranslator } from "../../interactions/speech.ts";
import { button, row } from "../../interactions/views/parts.ts";
import { type Entry, formatRating, pageOf, pageOfUser } from "../standings.ts";

export interface LeaderboardRequest {
  readonly guildId: string;
  readonly ruleset: RulesetId;
  readonly season: number;
  /** 0-based; ignored when `nav` is "me". */
  readonly page: number;
  /** "me": the page of `userId`, their line marked, as an answer only they see. */
  readonly nav?: PageNav;
  /** Who asked: marked only with `nav` "me", never on the public board. */
  readonly userId: string;
}

/** What a provisional rating ("1662?") means, in plain words. */
export const PROVISIONAL_KEY = "game:leaderboard.provisional" as const;
/** The same in English (for callers that have not taken the key yet). */
export const PROVISIONAL = discordTranslator("en")(PROVISIONAL_KEY);

function record(e: Entry, t: Translate): string {
  return t("game:leaderboard.record", { count: e.games, wins: e.wins, draws: e.draws, losses: e.losses });
}

function line(e: Entry, userId: string | null, t: Translate): string {
  const rank = e.rank === null ? "" : `\`${String(e.rank).padStart(3)}.\` `;
  const text = `${rank}<@${e.userId}> **${formatRating(e)}** · ${record(e, t)}`;
  return e.userId === userId ? t("game:leaderboard.mine", { line: text }) : text;
}

/**
 * The leaderboard: a public message (in the server's language unless `t` says otherwise) that marks
 * nobody; with `nav` "me", an ephemeral answer to the presser, on their page with their line marked.
 */
export function leaderboardReply(app: App, request: LeaderboardRequest, t: Translate): Reply {
  const { guildId, ruleset, season } = request;
  // Only an answer its asker alone sees may point at them: "← you" on a public board would show everyone.
  const viewer = request.nav === "me" ? request.userId : null;
  const own = viewer === null ? {} : { ephemeral: true };
  const { entries } = app.ratings.leaderboard(guildId, ruleset, season);
  const current = app.ratings.currentSeason(guildId);
  const name = term(RULESET_NAME[ruleset]);
  const seasonText = t(season === current ? "game:leaderboard.season" : "game:leaderboard.seasonArchived", { season });
  if (entries.length === 0) {
    return {
      content: t("game:leaderboard.empty", { ruleset: name, season: seasonText, id: ruleset }),
      components: [],
      mentions: [],
      ...own,
    };
  }
  const wanted = viewer === null ? request.page : pageOfUser(entries, viewer);
  const page = pageOf(entries, wanted, viewer ?? "");
  const lines = [
    t("game:leaderboard.title", { ruleset: name, season: seasonText, page: page.page + 1, pages: page.pages }),
  ];
  let provisionalShown = false;
  for (const e of page.entries) {
    if (e.rank === null && !provisionalShown) {
      lines.push(t("game:leaderboard.notRanked", { provisional: term(PROVISIONAL_KEY) }));
      provisionalShown = true;
    }
    lines.push(line(e, viewer, t));
  }
  if (viewer !== null) {
    // On the board, their page shows them marked; else they are told they have no line on it.
    if (page.userIndex === null) lines.push("", t("game:leaderboard.none", { player: user(viewer) }));
    // The public message keeps its buttons; this answer needs none.
    return { content: lines.join("\n"), mentions: [], components: [], ...own };
  }
  const turn = (nav: PageNav, target: number, label: string, disabled: boolean) =>
    button({ type: "leaderboard", ruleset, season, page: target, nav }, label, ButtonStyle.Secondary, disabled);
  const last = page.pages - 1;
  return {
    content: lines.join("\n"),
    mentions: [],
    components: [
      row(
        turn("prev", Math.max(0, page.page - 1), t("game:leaderboard.previous"), page.page === 0),
        turn("next", Math.min(last, page.page + 1), t("game:leaderboard.next"), page.page === last),
        turn("me", page.page, t("game:leaderboard.myRank"), false),
      ),
    ],
  };
}
