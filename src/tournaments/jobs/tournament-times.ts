/**
 * The scheduler's jobs for a tournament's set times: a start time that has come (started as by its
 * organiser, or cancelled with too few players), and an arena whose time is up with no game left in
 * progress (one whose last game ends later is finished by it). Each tournament is handled on its own.
 */
import { type DueJob, oneItem } from "../../discord/due-job.ts";
import { type Messenger, sendPosts } from "../../discord/messenger.ts";
import type { App } from "../../interactions/context.ts";
import type { Edit, Post } from "../../interactions/reply.ts";
import { arenaEndedPosts, startedOnTimePosts } from "../views/tournament-posts.ts";

/** The announcement's edits, then the new posts. */
async function show(app: App, messenger: Messenger, shown: { posts: Post[]; edits: Edit[] }): Promise<void> {
  for (const edit of shown.edits) await messenger.edit(edit.ref, edit.reply);
  await sendPosts(app, messenger, shown.posts);
}

export const tournamentStarts: DueJob = {
  name: "tournament starts",
  // The tournaments' next due time covers both jobs (a start, or an arena's end).
  nextDue: ({ app }) => app.tournaments.nextDue(),
  async run({ app, messenger, logger }) {
    let failed = 0;
    for (const { id } of app.tournaments.dueStarts()) {
      failed += await oneItem(logger, { tournament: id }, "could not start a tournament at its time", async () => {
        await show(app, messenger, startedOnTimePosts(app, id));
        logger.info({ tournament: id }, "tournament start time");
      });
    }
    return failed;
  },
};

export const arenaEnds: DueJob = {
  name: "arena ends",
  nextDue: () => null,
  async run({ app, messenger, logger }) {
    let failed = 0;
    for (const { id } of app.tournaments.arenasPastTheirEnd()) {
      failed += await oneItem(logger, { tournament: id }, "could not finish an arena whose time is up", async () => {
        const t = app.tournaments.finishArena(id);
        if (!t) return;
        await show(app, messenger, arenaEndedPosts(app, t));
        logger.info({ tournament: id }, "arena finished at its time");
      });
    }
    return failed;
  },
};
