/** The messages of `/nickar forget-me`: what will be deleted (with the confirmation), and what was. */
import { ButtonStyle } from "discord-api-types/v10";
import type { Translate } from "../../i18n/index.ts";
import type { Reply } from "../../interactions/reply.ts";
import { button, row } from "../../interactions/views/parts.ts";
import type { ForgetSummary, Forgotten } from "../forget.ts";

/** The counts both messages say, each with its noun in the language's plural. */
function counts(t: Translate, s: ForgetSummary | Forgotten) {
  return {
    games: t("game:forget.count.games", { count: s.activeGames }),
    series: t("game:forget.count.series", { count: s.activeSeries }),
    pending: t("game:forget.count.pendingChallenges", { count: s.pendingChallenges }),
    challenges: t("game:forget.count.challenges", { count: s.pendingChallenges }),
    ladders: t("game:forget.count.ladders", { count: s.ladders }),
    standings: t("game:forget.count.standings", { count: s.standings }),
    finished: t("game:forget.count.finishedGames", { count: s.finishedGames }),
  };
}

/** What forgetting will do, with Forget me / Keep my data (only the asker sees it). */
export function forgetQuestion(userId: string, s: ForgetSummary, t: Translate): Reply {
  const n = counts(t, s);
  const lines = [
    t("game:forget.title"),
    t("game:forget.inProgress", { games: n.games, series: n.series, challenges: n.pending }),
    t("game:forget.ladders", { ladders: n.ladders, standings: n.standings }),
    t("game:forget.finished", { finished: n.finished }),
    t("game:forget.warning"),
  ];
  return {
    content: lines.join("\n"),
    components: [
      row(
        button({ type: "forget", userId, confirm: true }, t("game:forget.confirm"), ButtonStyle.Danger),
        button({ type: "forget", userId, confirm: false }, t("game:forget.keep"), ButtonStyle.Secondary),
      ),
    ],
    ephemeral: true,
  };
}

export function forgottenReply(f: Forgotten, t: Translate): Reply {
  const n = counts(t, f);
  return {
    content: [t("game:forgotten.done"), t("game:forgotten.summary", n), t("game:forgotten.afresh")].join("\n"),
    components: [],
    ephemeral: true,
  };
}

export function keptReply(t: Translate): Reply {
  return { content: t("game:forgotten.kept"), components: [], ephemeral: true };
}
