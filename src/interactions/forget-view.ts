/** The messages of `/nickar forget-me`: what will be deleted (with the confirmation), and what was. */
import { ButtonStyle } from "discord-api-types/v10";
import type { ForgetSummary, Forgotten } from "../ladders/forget.ts";
import type { Reply } from "./reply.ts";
import { button, row } from "./views.ts";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What forgetting will do, with Forget me / Keep my data (only the asker sees it). */
export function forgetQuestion(userId: string, s: ForgetSummary): Reply {
  const lines = [
    "**Forget me**: Nickar deletes what it keeps about you, in every server.",
    `• In progress: ${plural(s.activeGames, "game")} resigned (your opponents win them), ${plural(s.activeSeries, "series", "series")} resigned, ${plural(s.pendingChallenges, "pending challenge")} withdrawn.`,
    `• You leave ${plural(s.ladders, "ladder")}; your ratings and rating history in ${plural(s.standings, "standings", "standings")} are deleted, and those standings recalculated.`,
    `• Your ${plural(s.finishedGames, "finished game")} stay for your opponents' records and ratings (theirs do not change), with you replaced by an anonymous player that nothing links to your account.`,
    "Messages already posted in channels are not deleted. This cannot be undone.",
  ];
  return {
    content: lines.join("\n"),
    components: [
      row(
        button({ type: "forget", userId, confirm: true }, "Forget me", ButtonStyle.Danger),
        button({ type: "forget", userId, confirm: false }, "Keep my data", ButtonStyle.Secondary),
      ),
    ],
    ephemeral: true,
  };
}

export function forgottenReply(f: Forgotten): Reply {
  return {
    content: [
      "Done: Nickar has forgotten you.",
      `${plural(f.activeGames, "game")} and ${plural(f.activeSeries, "series", "series")} resigned, ${plural(f.pendingChallenges, "challenge")} withdrawn, ${plural(f.ladders, "ladder")} left, ${plural(f.standings, "standings", "standings")} recalculated without you; ${plural(f.finishedGames, "finished game")} now show an anonymous player.`,
      "If you play again, you start afresh.",
    ].join("\n"),
    components: [],
    ephemeral: true,
  };
}

export const KEPT: Reply = { content: "Nothing was deleted.", components: [], ephemeral: true };
