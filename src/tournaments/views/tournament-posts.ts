/**
 * What a Swiss tournament shows in its channel as it moves on: the announcement brought up to date, a
 * round's pairings followed by its games' boards (posted and bound like a series' next game), and the
 * final standings. A round paired at the start is posted by the start's answer; a round paired by the
 * end of a round's last game by whoever handled that end (a button, a command, the scheduler's
 * time-out); anything left unposted (a crash in between) by the scheduler's look for games without a
 * message, which posts the round's pairings first.
 */

import { gamePost } from "../../competition/views/series-posts.ts";
import type { TournamentRow } from "../../db/schema.ts";
import { UserError } from "../../errors.ts";
import type { GameSnapshot } from "../../games/snapshot.ts";
import { serverVoice } from "../../games/views/game-message.ts";
import type { App, HandlerContext } from "../../interactions/context.ts";
import type { Edit, Post } from "../../interactions/reply.ts";
import { mention } from "../../interactions/views/parts.ts";
import { formatOf } from "../formats/registry.ts";
import { MIN_PLAYERS } from "../tournament-service.ts";
import { MISSED_TO_WITHDRAW } from "../tournament-store.ts";
import { knockoutTable } from "./knockout-text.ts";
import { roundText, standingsText, tournamentReply } from "./tournament.ts";
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

/** Games of an arena wave or a knockout's new matches already announced by this process (oldest first). */
const announced = new Set<string>();
const ANNOUNCED_KEPT = 10_000;

function remember(gameId: string): void {
  announced.add(gameId);
  // Bounded: by the time this many more have been announced, every one of these has long had its message.
  if (announced.size > ANNOUNCED_KEPT) announced.delete(announced.values().next().value!);
}

/**
 * The current round's pairings and its games' boards, when none of its games has a message yet (so a
 * round, or an arena's wave, is announced once); a knockout's matches started since, with their first
 * boards. Nothing otherwise.
 */
export function roundPosts(app: App, tournamentId: string): Post[] {
  const view = app.tournaments.view(tournamentId);
  const { tournament: t } = view;
  const { t: tr } = serverVoice(app, t.guildId);
  const { show } = formatOf(t);
  const fresh = show.freshGames(t, view.games);
  if (t.currentRound === 0 || fresh.length === 0 || fresh.some((g) => g.messageId !== null)) return [];
  // A game gets its message id only once its board is sent: another handler meanwhile (an arena's next
  // game end, a knockout's other match) must not announce the same games again. (A Swiss round is posted
  // only by the end that paired it, and the scheduler keeps its own record of the pairings it posted.)
  if (show.announces === "as-paired") {
    if (fresh.some((g) => announced.has(g.id))) return [];
    for (const g of fresh) remember(g.id);
  }
  const pairings: Post = {
    channelId: t.channelId,
    reply: { content: roundText(view, fresh, tr), mentions: [] },
  };
  const boards = fresh
    .filter((g) => g.status === "active")
    .map((g) => app.games.get(g.id))
    .filter((g): g is GameSnapshot => g !== null)
    .map((g) => gamePost(app, g));
  return [pairings, ...boards];
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
 * After a tournament game ended: when its end paired the next round (in the same transaction), that
 * round's pairings and boards; when it ended the tournament, the final standings; the announcement
 * brought up to date either way.
 */
export function tournamentFollowUps(app: App, ended: GameSnapshot): { posts: Post[]; edits: Edit[] } {
  const { row } = ended;
  if (!row.tournamentId || row.status === "active") return { posts: [], edits: [] };
  const t = app.tournaments.get(row.tournamentId);
  if (!t) return { posts: [], edits: [] };
  const more = roundFollowUps(app, t, ended);
  return { posts: [...withdrawnPosts(app, t, ended), ...more.posts], edits: more.edits };
}

/**
 * The players this game's end withdrew for missing MISSED_TO_WITHDRAW games in a row, each told in the
 * channel by a new message (a mention notifies only there).
 */
function withdrawnPosts(app: App, t: TournamentRow, ended: GameSnapshot): Post[] {
  const { row } = ended;
  const { t: tr } = serverVoice(app, t.guildId);
  const view = app.tournaments.view(t.id);
  // A knockout's match goes to the opponent: the line says who goes through.
  const through = new Map(t.format === "knockout" ? knockoutTable(view).map((r) => [r.id, r.opponent]) : []);
  return view.players
    .filter(
      (p) =>
        (p.userId === row.southId || p.userId === row.northId) &&
        p.withdrawn &&
        p.missed >= MISSED_TO_WITHDRAW &&
        p.withdrawnAt === row.finishedAt,
    )
    .map((p) => {
      const values = { user: mention(p.userId), id: t.id, missed: p.missed };
      const opponent = through.get(p.userId);
      return {
        channelId: t.channelId,
        reply: {
          content: opponent
            ? tr("game:tournament.withdrawnMissedKnockout", { ...values, opponent: mention(opponent) })
            : tr("game:tournament.withdrawnMissed", values),
          mentions: [p.userId],
        },
      };
    });
}

function roundFollowUps(app: App, t: TournamentRow, ended: GameSnapshot): { posts: Post[]; edits: Edit[] } {
  const { row } = ended;
  if (t.status === "finished") {
    // Posted once, by the answer to the game whose end finished the tournament (several may end in one sweep).
    if (t.finishedByGame !== row.id) return { posts: [], edits: [] };
    return { posts: [finalStandingsPost(app, t)], edits: announcementEdits(app, t.id) };
  }
  // A Swiss's next round once this one is over; an arena's new wave or a knockout's new matches at any end;
  // the announcement's standings redrawn after every game either way.
  const next =
    formatOf(t).show.announces === "as-paired" ||
    (row.tournamentRound !== null && row.tournamentRound < t.currentRound);
  return { posts: next ? roundPosts(app, t.id) : [], edits: announcementEdits(app, t.id) };
}

/** An arena the scheduler finished at its time: the final standings, and the announcement brought up to date. */
export function arenaEndedPosts(app: App, t: TournamentRow): { posts: Post[]; edits: Edit[] } {
  return { posts: [finalStandingsPost(app, t)], edits: announcementEdits(app, t.id) };
}

/**
 * A tournament the scheduler started at its set time: the line that says so and round 1 (or, when too
 * few joined, the line that says it was cancelled), and the announcement brought up to date.
 */
export function startedOnTimePosts(app: App, id: string): { posts: Post[]; edits: Edit[] } {
  const done = app.tournaments.startOnTime(id);
  if (!done) return { posts: [], edits: [] };
  const { tournament: t, started } = done;
  const { t: tr } = serverVoice(app, t.guildId);
  const content = started
    ? tr("game:tournament.started", { id, round: t.currentRound })
    : tr("game:tournament.cancelledTooFew", { id, min: MIN_PLAYERS });
  const line: Post = { channelId: t.channelId, reply: { content, mentions: [] } };
  return { posts: [line, ...(started ? roundPosts(app, id) : [])], edits: announcementEdits(app, id) };
}

/**
 * The organiser of the tournament, or a member with Manage Server: who may start, pause, resume, cancel,
 * remove. Null when the caller is one; the ORGANISER guard of /nickar-tournament and the Start button ask.
 */
export function organiserRefusal(ctx: HandlerContext, t: TournamentRow): UserError | null {
  return ctx.userId !== t.createdBy && !ctx.canManageGuild ? new UserError("tournament/organiser") : null;
}
