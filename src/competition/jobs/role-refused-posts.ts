/**
 * How the outbox sends a role rule's refusal (src/competition/role-rules.ts, `recordFailure`): the line that
 * says why Nickar stopped keeping the role, in the channel where the rule was set.
 */
import type { OutboxKind } from "../../discord/outbox-sender.ts";
import { serverVoice } from "../../games/views/game-message.ts";
import { type RefusedArgs, ROLE_REFUSED } from "../role-rules.ts";
import { problemText, roleMention } from "../views/roles.ts";

export const roleRefusedPosts: OutboxKind = {
  kind: ROLE_REFUSED,
  async send({ app, messenger }, row, nonce) {
    const { problem } = JSON.parse(row.args) as RefusedArgs;
    const { t } = serverVoice(app, row.guildId);
    const content = t("notices:roles.refused", { role: roleMention(row.subjectId), problem: problemText(problem, t) });
    const messageId = await messenger.send(row.channelId, { content, mentions: [] }, nonce());
    // Not made (the channel refused, Discord was down): the outbox tries again later.
    if (!messageId) throw new Error(`could not report a role rule's refusal in channel ${row.channelId}`);
    return messageId;
  },
};
