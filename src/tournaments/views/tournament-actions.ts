/**
 * What the tournament commands and the announcement's buttons both do: join, leave (or be removed),
 * start, resume and cancel, each with what it changes in the channel: the games a withdrawal resigned
 * or a cancel stopped (their boards and notices), a newly paired round posted. Who may do what is checked
 * before: by the guards of /nickar-tournament's table (the organiser's actions), and by the Start button.
 */
import type { TournamentRow } from "../../db/schema.ts";
import { updateGame } from "../../games/views/game-updates.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { Edit, Notice, Post, Response } from "../../interactions/reply.ts";
import { confirmation, mention } from "../../interactions/views/parts.ts";
import { formatOf } from "../formats/registry.ts";
import { knockoutLeaveLine } from "./knockout-text.ts";

/** What an action changed besides the announcement: messages to edit and post, notices. */
export interface TournamentEffects {
  /** The line that tells it: public, in the server's language; or, when `private`, the user's answer. */
  readonly line: string;
  /** Said to the user alone (an arena player who pauses), in their language. */
  readonly private?: boolean;
  readonly tournament: TournamentRow;
  readonly edits: readonly Edit[];
  readonly posts: readonly Post[];
  readonly notices: readonly Notice[];
}

const none = { edits: [], posts: [], notices: [] };

/** The updates of games a tournament action ended (a resignation, a cancel), the board pressed left alone. */
function endedGames(ctx: HandlerContext, ids: readonly string[]) {
  const updates = ids
    .map((id) => ctx.app.games.get(id))
    .filter((g) => g !== null)
    .map((g) => updateGame({ ...ctx, messageId: null }, g, { moved: true }));
  return {
    // The board pressed is not the game's: its own message takes the final board.
    edits: updates.flatMap((u) => u.edits ?? []),
    posts: updates.flatMap((u) => u.posts ?? []),
    notices: updates.flatMap((u) => u.notices ?? []),
  };
}

export function joinTournament(ctx: HandlerContext, id: string): TournamentEffects {
  const paused = ctx.app.tournaments.view(id).players.some((p) => p.userId === ctx.userId && p.paused);
  const entry = ctx.app.tournaments.join(id, ctx.userId);
  const tournament = ctx.app.tournaments.find(id);
  const format = formatOf(tournament);
  const user = mention(ctx.userId);
  const late = format.show.joinedLateLine;
  const line = paused
    ? ctx.tServer("game:tournament.back", { user })
    : late && entry.joinedRound > 1
      ? ctx.tServer(late, { user, round: entry.joinedRound })
      : ctx.tServer("game:tournament.joined", { user });
  // An arena under way pairs a newcomer (or one back from a pause) at once: their game is in the outbox.
  return { line, tournament, ...none };
}

/**
 * `userId` leaves (the caller) or is removed (by an organiser); a game in progress is resigned, and a
 * knockout's match given away (the line names who goes through). An arena player who leaves after the
 * start pauses instead: told privately, the announcement marks them.
 */
export function leaveTournament(ctx: HandlerContext, id: string, userId: string = ctx.userId): TournamentEffects {
  const removed = userId !== ctx.userId;
  const before = ctx.app.tournaments.view(id);
  const resigned = removed ? ctx.app.tournaments.removePlayer(id, userId) : ctx.app.tournaments.leave(id, userId);
  const tournament = ctx.app.tournaments.find(id);
  const ended = endedGames(ctx, resigned ? [resigned] : []);
  if (!removed && formatOf(tournament).leaving === "pause" && tournament.status !== "open") {
    return { line: ctx.t("game:tournament.pausedYou", { id }), private: true, tournament, ...ended };
  }
  const knockout =
    tournament.format === "knockout"
      ? knockoutLeaveLine(before, ctx.app.tournaments.view(id), userId, removed, ctx.tServer)
      : null;
  const line =
    knockout ?? ctx.tServer(removed ? "game:tournament.removed" : "game:tournament.left", { user: mention(userId) });
  return { line, tournament, ...ended };
}

/**
 * Whether leaving `t` now asks first: a Swiss or a knockout after its start withdraws the player for good
 * (an arena only pauses them; before the start it is only the list).
 */
export function leaveAsksFirst(t: TournamentRow): boolean {
  return t.status !== "open" && formatOf(t).leaving !== "pause";
}

/**
 * The private question before leaving, with its one button (`t:<tournament>:lc`): the same from the
 * announcement's Leave and from `/nickar-tournament leave`.
 */
export function leaveQuestionReply(ctx: HandlerContext, t: TournamentRow): Response {
  const confirm = { type: "tournament", tournamentId: t.id, action: "leave-confirm" } as const;
  return {
    mode: "reply",
    reply: {
      ...confirmation(leaveQuestion(ctx, t), confirm, ctx.t("game:tournament.button.leaveConfirm")),
      mentions: [],
    },
  };
}

/**
 * The question's text: what leaving costs (a knockout's match given away; the game in progress lost, and
 * rated when the tournament is).
 */
function leaveQuestion(ctx: HandlerContext, t: TournamentRow): string {
  const playing = ctx.app.tournaments
    .view(t.id)
    .games.some((g) => g.status === "active" && (g.southId === ctx.userId || g.northId === ctx.userId));
  const question =
    t.format === "knockout"
      ? ctx.t("game:tournament.leaveQuestionKnockout", { id: t.id })
      : ctx.t("game:tournament.leaveQuestion", { id: t.id });
  if (!playing) return question;
  return `${question}\n${ctx.t(t.rated ? "game:tournament.leaveCost.rated" : "game:tournament.leaveCost.unrated")}`;
}

export function startTournament(ctx: HandlerContext, id: string): TournamentEffects {
  const tournament = ctx.app.tournaments.start(id);
  // Round 1 is in the outbox, posted after this answer (a large field's once the pairing job has paired it).
  const line = ctx.tServer("game:tournament.started", {
    id,
    round: tournament.pairingRound ?? tournament.currentRound,
  });
  return { line, tournament, ...none };
}

export function resumeTournament(ctx: HandlerContext, id: string): TournamentEffects {
  const tournament = ctx.app.tournaments.resume(id);
  const line = ctx.tServer("game:tournament.resumed", { id });
  // The last round ended while it was paused: resuming finishes it. The next round or the standings: the outbox.
  return { line, tournament, ...none };
}

export function pauseTournament(ctx: HandlerContext, id: string): TournamentEffects {
  const tournament = ctx.app.tournaments.pause(id);
  return { line: ctx.tServer("game:tournament.paused", { id }), tournament, ...none };
}

export function cancelTournament(ctx: HandlerContext, id: string): TournamentEffects {
  const note = ctx.tServer("game:tournament.cancelNote", { id });
  const { tournament, cancelledGames } = ctx.app.tournaments.cancel(id, note);
  return { line: ctx.tServer("game:tournament.cancelled", { id }), tournament, ...endedGames(ctx, cancelledGames) };
}
