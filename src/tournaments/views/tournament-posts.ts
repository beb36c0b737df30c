/**
 * What a tournament shows in its channel as it moves on: the announcement brought up to date by whoever
 * handled the change, and the final standings' post. A round's pairings and boards, withdrawals and the
 * final standings are decided in a transaction and posted from the outbox after it
 * (src/tournaments/tournament-outbox.ts, src/tournaments/jobs/tournament-outbox-posts.ts).
 */

import type { TournamentRow } from "../../db/schema.ts";
import { UserError } from "../../errors.ts";
import type { GameSnapshot } from "../../games/snapshot.ts";
import { serverVoice } from "../../games/views/game-message.ts";
import type { App, HandlerContext } from "../../interactions/context.ts";
import type { Edit, Post } from "../../interactions/reply.ts";
import { MIN_PLAYERS } from "../tournament-service.ts";
import { standingsText, tournamentReply } from "./tournament.ts";
import { podiumImage, standingsImage, tournamentAttachment } from "./tournament-images.ts";

/** The edit that brings the announcement up to date (none while it has no message). */
export function announcementEdits(app: App, tournamentId: string, answered: string | null = null): Edit[] {
  const view = app.tournaments.view(tournamentId);
  const { tournament: t } = view;
  if (!t.messageId || t.messageId === answered) return [];
  const { t: tr } = serverVoice(app, t.guildId);
  const reply = tournamentReply(view, tr);
  // Once it has started, the announcement carries the standings, redrawn at each change.
  if (t.status === "open" || t.status === "cancelled")
    return [{ ref: { channelId: t.channelId, messageId: t.messageId }, reply }];
  const table = app.tournaments.table(t.id);
  const image = tournamentAttachment(app, view, tr, `nickar-standings-${t.id}.png`, (name) =>
    standingsImage(view, table, tr, name),
  );
  return [{ ref: { channelId: t.channelId, messageId: t.messageId }, reply: { ...reply, image } }];
}

/** The final standings, posted in the tournament's channel. */
export function finalStandingsPost(app: App, t: TournamentRow): Post {
  const view = app.tournaments.view(t.id);
  const { t: tr } = serverVoice(app, t.guildId);
  const table = app.tournaments.table(t.id);
  const content = standingsText(view, table, tr, true);
  const image = tournamentAttachment(app, view, tr, `nickar-podium-${t.id}.png`, (name) =>
    podiumImage(view, table, tr, name),
  );
  return { channelId: t.channelId, reply: { content, mentions: [], image } };
}

/**
 * After a tournament game ended: the announcement brought up to date. What its end decided (the next round,
 * a withdrawal, the final standings) is in the outbox, posted after the commit (tournament-outbox.ts).
 */
export function tournamentFollowUps(app: App, ended: GameSnapshot): { posts: Post[]; edits: Edit[] } {
  const { row } = ended;
  if (!row.tournamentId || row.status === "active") return { posts: [], edits: [] };
  const t = app.tournaments.get(row.tournamentId);
  if (!t) return { posts: [], edits: [] };
  return { posts: [], edits: announcementEdits(app, t.id) };
}

/** An arena the scheduler finished at its time: the announcement brought up to date (the standings: the outbox). */
export function arenaEndedPosts(app: App, t: TournamentRow): { posts: Post[]; edits: Edit[] } {
  return { posts: [], edits: announcementEdits(app, t.id) };
}

/**
 * A tournament the scheduler started at its set time (or cancelled, too few joined): the announcement brought
 * up to date. The line that says so and round 1 are in the outbox (`startedOnTimeLine`).
 */
export function startedOnTimePosts(app: App, id: string): { posts: Post[]; edits: Edit[] } {
  const done = app.tournaments.startOnTime(id);
  if (!done) return { posts: [], edits: [] };
  return { posts: [], edits: announcementEdits(app, id) };
}

/** The line that says the scheduler started tournament `t` at its set time, or cancelled it (too few joined). */
export function startedOnTimeLine(app: App, t: TournamentRow, line: { started: boolean; round: number }): Post {
  const { t: tr } = serverVoice(app, t.guildId);
  const content = line.started
    ? tr("game:tournament.started", { id: t.id, round: line.round })
    : tr("game:tournament.cancelledTooFew", { id: t.id, min: MIN_PLAYERS });
  return { channelId: t.channelId, reply: { content, mentions: [] } };
}

/**
 * The organiser of the tournament, or a member with Manage Server: who may start, pause, resume, cancel,
 * remove. Null when the caller is one; the ORGANISER guard of /nickar-tournament and the Start button ask.
 */
export function organiserRefusal(ctx: HandlerContext, t: TournamentRow): UserError | null {
  return ctx.userId !== t.createdBy && !ctx.canManageGuild ? new UserError("tournament/organiser") : null;
}
