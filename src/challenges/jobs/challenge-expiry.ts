/** The scheduler's job for challenges that were not answered in time: each expires, and its message says so. */
import { type DueJob, logFailures, oneItem } from "../../discord/due-job.ts";
import { serverVoice } from "../../games/views/game-message.ts";
import { challengeReply } from "../views/challenge.ts";

export const challengeExpiry: DueJob = {
  name: "challenge expiry",
  nextDue: ({ app }) => app.challenges.nextExpiry(),
  async run({ app, messenger, logger }) {
    const expiry = app.challenges.expire();
    let failed = expiry.failed.length;
    logFailures(logger, "challenge", expiry.failed);
    for (const challenge of expiry.expired) {
      logger.info({ challenge: challenge.id }, "challenge expired");
      if (!challenge.messageId) continue;
      const ref = { channelId: challenge.channelId, messageId: challenge.messageId };
      failed += await oneItem(logger, { challenge: challenge.id }, "could not tell that a challenge expired", () =>
        messenger.edit(ref, challengeReply(challenge, serverVoice(app, challenge.guildId).t)),
      );
    }
    return failed;
  },
};
