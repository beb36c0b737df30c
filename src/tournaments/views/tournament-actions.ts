/**
 * What the tournament commands and the announcement's buttons both do: join, leave (or be removed),
 * start, resume and cancel, each with what it changes in the channel: the games a withdrawal resigned
 * or a cancel stopped (their boards and notices), a newly paired round posted.
 */
import type { TournamentRow } from "../../db/schema.ts";
import { updateGame } from "../../games/views/game-updates.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { Edit, Notice, Post } from "../../interactions/reply.ts";
import { mention } from "../../interactions/views/parts.ts";
import { requireOrganiser } from "./tournament-posts.ts";

/** What an action changed besides the announcement: messages to edit and post, notices. */
export interface TournamentEffects {
  /** The public line that tells it (the server's language). */
  readonly line: string;
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
  const user = mention(ctx.userId);
  const line = paused
    ? ctx.tServer("game:tournament.back", { user })
    : tournament.format === "swiss" && entry.joinedRound > 1
      ? ctx.tServer("game:tournament.joinedLate", { user, round: entry.joinedRound })
      : ctx.tServer("game:tournament.joined", { user });
  // An arena under way pairs a newcomer (or one back from a pause) at once: their game is in the outbox.
  return { line, tournament, ...none };
}

/** `userId` leaves (the caller) or is removed (by an organiser); a game in progress is resigned. */
export function leaveTournament(ctx: HandlerContext, id: string, userId: string = ctx.userId): TournamentEffects {
  const removed = userId !== ctx.userId;
  if (removed) requireOrganiser(ctx, ctx.app.tournaments.find(id, ctx.guildId ?? undefined));
  const resigned = removed ? ctx.app.tournaments.removePlayer(id, userId) : ctx.app.tournaments.leave(id, userId);
  const tournament = ctx.app.tournaments.find(id);
  // An arena player who leaves after the start pauses (join again to come back).
  const pauses = !removed && tournament.format === "arena" && tournament.status !== "open";
  const key = removed ? "game:tournament.removed" : pauses ? "game:tournament.paused2" : "game:tournament.left";
  const line = ctx.tServer(key, { user: mention(userId) });
  return { line, tournament, ...endedGames(ctx, resigned ? [resigned] : []) };
}

export function startTournament(ctx: HandlerContext, id: string): TournamentEffects {
  requireOrganiser(ctx, ctx.app.tournaments.find(id, ctx.guildId ?? undefined));
  const tournament = ctx.app.tournaments.start(id);
  const line = ctx.tServer("game:tournament.started", { id, round: tournament.currentRound });
  // Round 1 is in the outbox, posted after this answer.
  return { line, tournament, ...none };
}

export function resumeTournament(ctx: HandlerContext, id: string): TournamentEffects {
  requireOrganiser(ctx, ctx.app.tournaments.find(id, ctx.guildId ?? undefined));
  const tournament = ctx.app.tournaments.resume(id);
  const line = ctx.tServer("game:tournament.resumed", { id });
  // The last round ended while it was paused: resuming finishes it. The next round or the standings: the outbox.
  return { line, tournament, ...none };
}

export function pauseTournament(ctx: HandlerContext, id: string): TournamentEffects {
  requireOrganiser(ctx, ctx.app.tournaments.find(id, ctx.guildId ?? undefined));
  const tournament = ctx.app.tournaments.pause(id);
  return { line: ctx.tServer("game:tournament.paused", { id }), tournament, ...none };
}

export function cancelTournament(ctx: HandlerContext, id: string): TournamentEffects {
  requireOrganiser(ctx, ctx.app.tournaments.find(id, ctx.guildId ?? undefined));
  const note = ctx.tServer("game:tournament.cancelNote", { id });
  const { tournament, cancelledGames } = ctx.app.tournaments.cancel(id, note);
  return { line: ctx.tServer("game:tournament.cancelled", { id }), tournament, ...endedGames(ctx, cancelledGames) };
}
