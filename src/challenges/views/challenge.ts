/** The challenge's message: its terms with Accept, Decline and Cancel while it waits, then what became of it. */
import { ButtonStyle } from "discord-api-types/v10";
import type { ChallengeRow } from "../../db/schema.ts";
import { type Translate, term, user } from "../../i18n/index.ts";
import { noteText } from "../../i18n/note.ts";
import { RULESET_NAME } from "../../i18n/terms.ts";
import type { CustomId } from "../../interactions/custom-id.ts";
import type { Reply } from "../../interactions/reply.ts";
import { button, relativeTime, row } from "../../interactions/views/parts.ts";
import { timeLimitText } from "../../present/time-limit.ts";

/** Who moves first, by the challenge's choice. */
const FIRST = {
  me: "game:challenge.first.me",
  them: "game:challenge.first.them",
  random: "game:challenge.first.random",
} as const;

function challengeTerms(c: ChallengeRow, t: Translate): string {
  const values = {
    ruleset: term(RULESET_NAME[c.ruleset]),
    limit: timeLimitText(c.timeLimit, t),
    rated: t(c.rated ? "game:header.rated" : "game:header.unrated"),
  };
  if (c.kind === "series") {
    const start = t("game:challenge.seriesStart", { first: term(FIRST[c.first]) });
    return t("game:challenge.termsSeries", { ...values, firstTo: c.firstTo ?? 6, start });
  }
  const start = t(FIRST[c.first]);
  return t(c.kind === "ladder" ? "game:challenge.termsLadder" : "game:challenge.terms", { ...values, start });
}

export function challengeReply(c: ChallengeRow, t: Translate): Reply {
  const who = c.opponentId ? user(c.opponentId) : term("game:challenge.anyone");
  const challenger = user(c.challengerId);
  const ladder = c.kind === "ladder";
  const id = (action: "accept" | "decline" | "cancel"): CustomId => ({ type: "challenge", challengeId: c.id, action });
  switch (c.status) {
    case "pending": {
      const buttons = [button(id("accept"), t("game:button.accept"), ButtonStyle.Success)];
      if (c.opponentId) buttons.push(button(id("decline"), t("game:button.decline"), ButtonStyle.Danger));
      buttons.push(button(id("cancel"), t("game:button.cancel"), ButtonStyle.Secondary));
      const lines = [t("game:challenge.pending", { challenger, who, terms: challengeTerms(c, t) })];
      if (c.note) lines.push(noteText(t, c.note));
      lines.push(
        t(ladder ? "game:challenge.expiresLadder" : "game:challenge.expires", { time: relativeTime(c.expiresAt) }),
      );
      return {
        content: lines.join("\n"),
        components: [row(...buttons)],
        mentions: c.opponentId ? [c.opponentId] : [],
      };
    }
    case "declined":
      return {
        content: t(ladder ? "game:challenge.declinedLadder" : "game:challenge.declined", {
          opponent: user(c.opponentId ?? ""),
          challenger,
        }),
        components: [],
      };
    case "cancelled":
      return { content: t("game:challenge.cancelled", { challenger, who }), components: [] };
    case "expired":
      return {
        content: t(ladder ? "game:challenge.expiredLadder" : "game:challenge.expired", {
          challenger,
          who,
          opponent: user(c.opponentId ?? ""),
        }),
        components: [],
      };
    case "accepted":
      return {
        content: t("game:challenge.accepted", { opponent: user(c.opponentId ?? ""), challenger }),
        components: [],
      };
  }
}
