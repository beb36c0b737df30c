/**
 * The /nickar-tournament table: its subcommands in the order Discord shows them, with their guards. Every
 * one runs in a server; the organiser's actions (start, pause, resume, cancel, remove) are guarded by
 * ORGANISER, checked by the router before the handler. Leave, start, pause, resume and cancel do one action
 * to the tournament the option names and say so in the channel: each is a line here (`tournamentAction`).
 */
import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command, RootTable } from "../../commands/command.ts";
import { TOURNAMENT_COMMAND_NAME } from "../../commands/groups.ts";
import { GUILD } from "../../commands/guards.ts";
import { localized } from "../../commands/localize.ts";
import type { TournamentRow } from "../../db/schema.ts";
import type { MessageKey } from "../../i18n/index.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import {
  cancelTournament,
  joinTournament,
  leaveAsksFirst,
  leaveQuestionReply,
  leaveTournament,
  pauseTournament,
  resumeTournament,
  startTournament,
  type TournamentEffects,
} from "../views/tournament-actions.ts";
import { tournamentBracket } from "./tournament-bracket.ts";
import { tournamentCreate } from "./tournament-create.ts";
import { tournamentCrosstable } from "./tournament-crosstable.ts";
import { tournamentExport } from "./tournament-export.ts";
import {
  ORGANISER,
  tournamentChanged,
  tournamentChoices,
  tournamentHere,
  tournamentOption,
} from "./tournament-option.ts";
import { tournamentRemove } from "./tournament-remove.ts";
import { tournamentStandings } from "./tournament-standings.ts";

/**
 * A subcommand whose one option names the tournament (`tournament`, else the server's current one), that
 * does `act` to it, and answers with the public line that tells it, the announcement brought up to date
 * and what the action changed besides (boards of games resigned or stopped, a round posted).
 */
export function tournamentAction(
  name: MessageKey,
  description: MessageKey,
  act: (ctx: HandlerContext, id: string) => TournamentEffects,
  asksFirst?: {
    readonly when: (t: TournamentRow) => boolean;
    readonly question: (ctx: HandlerContext, t: TournamentRow) => Response;
  },
): Command {
  return {
    definition: localized(new SlashCommandSubcommandBuilder(), name, description).addStringOption(tournamentOption),
    handle: (ctx, options) => {
      const t = tournamentHere(ctx, options);
      // What cannot be undone asks first, privately, as the announcement's button does.
      if (asksFirst?.when(t)) return asksFirst.question(ctx, t);
      const done = act(ctx, t.id);
      const changed = tournamentChanged(ctx, done.tournament, done.line, done);
      // An arena player who leaves pauses, and is told privately.
      return done.private ? { ...changed, reply: { ...changed.reply, ephemeral: true } } : changed;
    },
    autocomplete: tournamentChoices,
  };
}

export const nickarTournament: RootTable = {
  name: TOURNAMENT_COMMAND_NAME,
  guards: [GUILD],
  subcommands: [
    // Who may create one is a server setting (Manage Server by default), checked by the handler.
    { command: tournamentCreate },
    {
      command: tournamentAction("commands:tournamentJoin.name", "commands:tournamentJoin.description", joinTournament),
    },
    // Off the list before the start; after it, withdrawn (games played count) and the game in progress
    // resigned, once the player said yes to the private question; an arena player pauses.
    {
      command: tournamentAction(
        "commands:tournamentLeave.name",
        "commands:tournamentLeave.description",
        (ctx, id) => leaveTournament(ctx, id),
        { when: leaveAsksFirst, question: leaveQuestionReply },
      ),
    },
    // Pairs round 1 and posts its games.
    {
      command: tournamentAction(
        "commands:tournamentStart.name",
        "commands:tournamentStart.description",
        startTournament,
      ),
      guards: [ORGANISER],
    },
    { command: tournamentStandings },
    { command: tournamentCrosstable },
    { command: tournamentBracket },
    // No new round is paired while paused.
    {
      command: tournamentAction(
        "commands:tournamentPause.name",
        "commands:tournamentPause.description",
        pauseTournament,
      ),
      guards: [ORGANISER],
    },
    // Back to running (a last round that ended while paused finishes it).
    {
      command: tournamentAction(
        "commands:tournamentResume.name",
        "commands:tournamentResume.description",
        resumeTournament,
      ),
      guards: [ORGANISER],
    },
    // Ends the tournament with no result.
    {
      command: tournamentAction(
        "commands:tournamentCancel.name",
        "commands:tournamentCancel.description",
        cancelTournament,
      ),
      guards: [ORGANISER],
    },
    // Takes a player out, as if they had left.
    { command: tournamentRemove, guards: [ORGANISER] },
    { command: tournamentExport },
  ],
};
