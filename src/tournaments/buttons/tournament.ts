/**
 * The buttons of a tournament's announcement, `t:<tournament>:j|l|s`: Join, Leave, and Start (the
 * organiser's, or a member with Manage Server). The announcement takes the change at once (no other
 * message: its list of players says who joined); a start posts round 1's pairings and boards. Leaving
 * a Swiss or a knockout after the start withdraws the player and resigns their game in progress: it asks
 * first, privately, saying what it costs, and the confirmation (`t:<tournament>:lc`) edits the
 * announcement and the board of that game. Leaving an arena pauses the player, at once, told privately.
 */

import type { ButtonKind } from "../../interactions/buttons/kind.ts";

export type { TournamentAction } from "./tournament-id.ts";

import type { HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { formatOf } from "../formats/registry.ts";
import { tournamentReply } from "../views/tournament.ts";
import {
  joinTournament,
  leaveAsksFirst,
  leaveQuestionReply,
  leaveTournament,
  startTournament,
  type TournamentEffects,
} from "../views/tournament-actions.ts";
import { announcementEdits, organiserRefusal } from "../views/tournament-posts.ts";
import { type TournamentButtonId, tournamentId } from "./tournament-id.ts";

const ACT: Readonly<Record<"join" | "leave" | "start", (ctx: HandlerContext, id: string) => TournamentEffects>> = {
  join: joinTournament,
  leave: (ctx, id) => leaveTournament(ctx, id),
  start: startTournament,
};

/** The confirmed withdrawal, on the private question: the answer replaces it; the announcement is edited. */
function leaveConfirmed(ctx: HandlerContext, id: TournamentButtonId): Response {
  const done = leaveTournament(ctx, id.tournamentId);
  return {
    mode: "update",
    reply: { content: done.line, components: [], mentions: [] },
    edits: [...announcementEdits(ctx.app, id.tournamentId), ...done.edits],
    posts: done.posts,
    notices: done.notices,
  };
}

function press(ctx: HandlerContext, id: TournamentButtonId): Response {
  // A tournament of another server is refused as one that does not exist.
  const t = ctx.app.tournaments.find(id.tournamentId, ctx.guildId ?? "");
  if (id.action === "leave-confirm") return leaveConfirmed(ctx, id);
  // An arena's Leave only pauses (nothing is resigned): no question, a private answer.
  if (id.action === "leave" && t.status !== "open" && formatOf(t).leaving === "pause") {
    const done = leaveTournament(ctx, id.tournamentId);
    return {
      mode: "reply",
      reply: { content: done.line, ephemeral: true, mentions: [] },
      edits: [...announcementEdits(ctx.app, id.tournamentId), ...done.edits],
      posts: done.posts,
      notices: done.notices,
    };
  }
  if (id.action === "leave" && leaveAsksFirst(t)) return leaveQuestionReply(ctx, t);
  // Start is the organiser's (or a member with Manage Server), as /nickar-tournament start's guard says.
  const refusal = id.action === "start" ? organiserRefusal(ctx, t) : null;
  if (refusal) throw refusal;
  const done = ACT[id.action](ctx, id.tournamentId);
  const view = ctx.app.tournaments.view(id.tournamentId);
  return {
    mode: "update",
    reply: tournamentReply(view, ctx.tServer),
    // The announcement is the message pressed: remembered, should it not be yet.
    bind: { kind: "tournament", id: id.tournamentId },
    edits: done.edits,
    posts: done.posts,
    notices: done.notices,
  };
}

export const tournament: ButtonKind<TournamentButtonId> = {
  ...tournamentId,
  handle: press,
};
