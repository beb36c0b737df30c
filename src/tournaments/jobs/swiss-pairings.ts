/**
 * The scheduler's job for a large Swiss field's next round (src/tournaments/swiss-rounds.ts): every running
 * tournament whose round waits is paired off the event loop and stored, its round's posts written to the
 * outbox (sent by the outbox job, later in the same sweep). The waiting round is in the database, so the
 * first sweep after a start (or a crash) pairs what waited; one paused meanwhile waits for its resume.
 */
import { type DueJob, oneItem } from "../../discord/due-job.ts";

export const swissPairings: DueJob = {
  name: "swiss pairings",
  nextDue: ({ app }) => (app.tournaments.rounds.waiting().length > 0 ? app.clock.now() : null),
  async run({ app, logger }) {
    let failed = 0;
    for (const id of app.tournaments.rounds.waiting()) {
      failed += await oneItem(logger, { tournament: id }, "could not pair a Swiss round", async () => {
        const started = performance.now();
        const outcome = await app.tournaments.rounds.pair(id);
        logger.info(
          { tournament: id, outcome, ms: Math.round(performance.now() - started) },
          "waiting swiss round handled",
        );
      });
    }
    return failed;
  },
};
