/**
 * What the `/nickar-tournament` subcommands share: the `tournament` option (an id, picked from the
 * server's tournaments by autocomplete), the rule that finds the tournament a command is about, and the
 * ORGANISER guard on it.
 */
import type { SlashCommandStringOption } from "discord.js";
import type { Choice, Guard } from "../../commands/command.ts";
import { requireGuild } from "../../commands/guards.ts";
import { localized } from "../../commands/localize.ts";
import { SHORT_TEXT } from "../../commands/options.ts";
import type { TournamentRow, TournamentStatus } from "../../db/schema.ts";
import { UserError } from "../../errors.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { tournamentTitle } from "../views/tournament.ts";
import { announcementEdits, organiserRefusal } from "../views/tournament-posts.ts";

/** Tournaments a command picks by itself when it is the server's only one. */
const CURRENT: readonly TournamentStatus[] = ["open", "running", "paused"];

export function tournamentOption(option: SlashCommandStringOption): SlashCommandStringOption {
  return localized(option, "commands:option.tournament", "commands:tournament.option")
    .setAutocomplete(true)
    .setMaxLength(SHORT_TEXT);
}

/**
 * The tournament a command is about: the `tournament` option, else the server's one tournament that is
 * open, running or paused (or, with `finished`, the latest one when none is).
 */
export function tournamentHere(ctx: HandlerContext, options: CommandOptions, finished = false): TournamentRow {
  const guildId = requireGuild(ctx);
  const id = options.getString("tournament")?.trim();
  if (id) return ctx.app.tournaments.find(id, guildId);
  const current = ctx.app.tournaments.list(guildId, CURRENT);
  if (current.length === 1) return current[0];
  if (current.length > 1) throw new UserError("tournament/which", { count: current.length });
  const latest = finished ? ctx.app.tournaments.list(guildId, ["finished"])[0] : undefined;
  if (latest) return latest;
  throw new UserError("tournament/none");
}

/** The caller organises the tournament the options name (or has Manage Server): start, pause, resume, cancel, remove. */
export const ORGANISER: Guard = {
  name: "organiser",
  stage: "subject",
  refusal: (ctx, options) => organiserRefusal(ctx, tournamentHere(ctx, options)),
};

/** Suggestions: the server's tournaments, those not over first, as "id · title". */
export function tournamentChoices(ctx: HandlerContext, focused: { readonly value: string }): Choice[] {
  if (!ctx.guildId) return [];
  const all = ctx.app.tournaments.list(ctx.guildId);
  const rank = (t: TournamentRow) => (CURRENT.includes(t.status) ? 0 : 1);
  const wanted = focused.value.trim().toLowerCase();
  return [...all]
    .sort((a, b) => rank(a) - rank(b))
    .map((t) => ({ name: `${t.id} · ${tournamentTitle(t, ctx.t)}`.replace(/`/g, "").slice(0, 100), value: t.id }))
    .filter((c) => c.name.toLowerCase().includes(wanted))
    .slice(0, 25);
}

/** A public line in the channel (the server's language), and the announcement brought up to date. */
export function tournamentChanged(
  ctx: HandlerContext,
  t: TournamentRow,
  content: string,
  extra: Partial<Response> = {},
): Response {
  return {
    mode: "reply",
    reply: { content, mentions: [] },
    ...extra,
    edits: [...announcementEdits(ctx.app, t.id), ...(extra.edits ?? [])],
  };
}
