/** The reminder posted at half time of a move's time limit, mentioning the player to move. */

import { type Translate, user } from "../../i18n/index.ts";
import { linkSuffix, type Reply } from "../../interactions/reply.ts";
import { relativeTime } from "../../interactions/views/parts.ts";
import { type GameSnapshot, userOf } from "../snapshot.ts";

export function reminderReply(game: GameSnapshot, t: Translate): Reply {
  const { row: g, state } = game;
  const userId = userOf(g, state.position.toMove);
  const values = { player: user(userId), id: g.id, link: linkSuffix(g) };
  return {
    content:
      g.deadlineAt === null
        ? t("notices:reminder.soon", values)
        : t("notices:reminder.due", { ...values, time: relativeTime(g.deadlineAt) }),
    mentions: [userId],
  };
}
