import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { TOURNAMENT_COMMAND_NAME } from "../../commands/groups.ts";
import { commandLabel, manageServerRequired, requireGuild } from "../../commands/guards.ts";
import { localized } from "../../commands/localize.ts";
import { choiceOption, SHORT_TEXT } from "../../commands/options.ts";
import { asRuleset, rulesetOption } from "../../commands/ruleset-option.ts";
import { MAX_START_AHEAD_MS, parseStartTime } from "../../commands/start-time.ts";
import { parseTime, timeOption } from "../../commands/time-option.ts";
import { DEFAULT_FIRST_TO, MAX_FIRST_TO } from "../../competition/series-store.ts";
import { UserError } from "../../errors.ts";
import { TOURNAMENT_FORMATS, type TournamentFormat } from "../../games/settings.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import { requireChannelPermissions } from "../../interactions/permissions.ts";
import type { Response } from "../../interactions/reply.ts";
import {
  DEFAULT_ARENA_MINUTES,
  DEFAULT_ROUNDS,
  MAX_ARENA_MINUTES,
  MAX_ROUNDS,
  MIN_ARENA_MINUTES,
} from "../tournament-service.ts";
import { tournamentReply } from "../views/tournament.ts";

const FORMAT_CHOICE = {
  swiss: "commands:choice.format.swiss",
  arena: "commands:choice.format.arena",
  knockout: "commands:choice.format.knockout",
} as const;

const FIRST_SIDES = ["S", "N"] as const;
const FIRST_SIDE_CHOICE = { S: "commands:choice.firstSide.S", N: "commands:choice.firstSide.N" } as const;

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:tournamentCreate.name",
  "commands:tournamentCreate.description",
)
  .addStringOption((o) =>
    choiceOption(o, "commands:option.format", "commands:tournamentCreate.format", TOURNAMENT_FORMATS, FORMAT_CHOICE),
  )
  .addStringOption((o) => rulesetOption(o, "commands:tournamentCreate.ruleset"))
  .addStringOption((o) => timeOption(o, "commands:shared.time"))
  .addIntegerOption((o) =>
    localized(o, "commands:option.rounds", "commands:tournamentCreate.rounds", { rounds: DEFAULT_ROUNDS })
      .setMinValue(1)
      .setMaxValue(MAX_ROUNDS),
  )
  .addIntegerOption((o) =>
    localized(o, "commands:option.minutes", "commands:tournamentCreate.minutes", { minutes: DEFAULT_ARENA_MINUTES })
      .setMinValue(MIN_ARENA_MINUTES)
      .setMaxValue(MAX_ARENA_MINUTES),
  )
  .addIntegerOption((o) =>
    localized(o, "commands:option.firstTo", "commands:tournamentCreate.firstTo", { wins: DEFAULT_FIRST_TO })
      .setMinValue(1)
      .setMaxValue(MAX_FIRST_TO),
  )
  .addStringOption((o) =>
    choiceOption(o, "commands:option.firstSide", "commands:tournamentCreate.firstSide", FIRST_SIDES, FIRST_SIDE_CHOICE),
  )
  .addStringOption((o) =>
    localized(o, "commands:option.start", "commands:tournamentCreate.start").setMaxLength(SHORT_TEXT),
  )
  .addBooleanOption((o) => localized(o, "commands:option.rated", "commands:tournamentCreate.rated"));

/** The `start` option as Unix milliseconds, null when left out; an unreadable or out-of-range time is refused. */
function startAt(ctx: HandlerContext, text: string | null): number | null {
  if (text === null || text.trim() === "") return null;
  const at = parseStartTime(text, ctx.app.clock.now());
  if (at === "unknown") throw new UserError("tournament/start-unknown", { text });
  if (at === "past") throw new UserError("tournament/start-past");
  if (at === "too-far") throw new UserError("tournament/start-too-far", { days: MAX_START_AHEAD_MS / 86_400_000 });
  return at;
}

/** A tournament in this channel, announced with its Join, Leave and Start buttons; the creator is its organiser. */
function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  const settings = ctx.app.settings.get(guildId);
  // Who may create one is the server's choice (`/nickar-admin settings tournaments:`).
  if (settings.tournamentCreators === "managers" && !ctx.canManageGuild) {
    throw manageServerRequired(
      `/${commandLabel({ root: TOURNAMENT_COMMAND_NAME, group: null, definition }, ctx.locale)}`,
    );
  }
  // The games will be posted here: a channel where Nickar cannot post is refused now.
  requireChannelPermissions(ctx);
  const format = (options.getString("format") ?? "swiss") as TournamentFormat;
  const tournament = ctx.app.tournaments.create({
    guildId,
    channelId: ctx.channelId,
    ruleset: asRuleset(options.getString("ruleset")) ?? settings.defaultRuleset,
    format: TOURNAMENT_FORMATS.includes(format) ? format : "swiss",
    rounds: options.getInteger("rounds") ?? undefined,
    minutes: options.getInteger("minutes") ?? undefined,
    firstTo: options.getInteger("first_to") ?? undefined,
    firstSide: options.getString("first_side") === "N" ? "N" : "S",
    timeLimit: parseTime(options.getString("time")) ?? settings.defaultTimeLimit,
    rated: options.getBoolean("rated") ?? true,
    startAt: startAt(ctx, options.getString("start")),
    createdBy: ctx.userId,
  });
  const reply = tournamentReply(ctx.app.tournaments.view(tournament.id), ctx.tServer);
  return { mode: "reply", reply, bind: { kind: "tournament", id: tournament.id } };
}

/** Who may create one is a server setting (Manage Server by default), checked by the handler. */
export const tournamentCreate: Command = {
  definition,
  handle,
};
