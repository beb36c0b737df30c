import { SlashCommandSubcommandBuilder } from "discord.js";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import { requireChannelPermissions } from "../interactions/permissions.ts";
import type { Response } from "../interactions/reply.ts";
import { tournamentReply } from "../interactions/views/tournament.ts";
import { MAX_ROUNDS } from "../ladders/tournament-service.ts";
import type { Command } from "./command.ts";
import { TOURNAMENT_COMMAND_NAME } from "./groups.ts";
import { localized } from "./localize.ts";
import { asRuleset, parseTime, requireGuild, rulesetOption, timeOption } from "./shared.ts";

/** Rounds when the option is left out: enough to separate a field of up to about 30. */
export const DEFAULT_ROUNDS = 5;

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:tournamentCreate.name",
  "commands:tournamentCreate.description",
)
  .addStringOption((o) => rulesetOption(o, "commands:tournamentCreate.ruleset"))
  .addIntegerOption((o) =>
    localized(o, "commands:option.rounds", "commands:tournamentCreate.rounds", { rounds: DEFAULT_ROUNDS })
      .setMinValue(1)
      .setMaxValue(MAX_ROUNDS),
  )
  .addStringOption((o) => timeOption(o, "commands:shared.time"))
  .addBooleanOption((o) => localized(o, "commands:option.rated", "commands:tournamentCreate.rated"));

/** A Swiss in this channel, announced with its Join, Leave and Start buttons; the creator is its organiser. */
function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  // The games will be posted here: a channel where Nickar cannot post is refused now.
  requireChannelPermissions(ctx);
  const settings = ctx.app.settings.get(guildId);
  const tournament = ctx.app.tournaments.create({
    guildId,
    channelId: ctx.channelId,
    ruleset: asRuleset(options.getString("ruleset")) ?? settings.defaultRuleset,
    rounds: options.getInteger("rounds") ?? DEFAULT_ROUNDS,
    timeLimit: parseTime(options.getString("time")) ?? settings.defaultTimeLimit,
    rated: options.getBoolean("rated") ?? true,
    createdBy: ctx.userId,
  });
  const reply = tournamentReply(ctx.app.tournaments.view(tournament.id), ctx.tServer);
  return { mode: "reply", reply, bind: { kind: "tournament", id: tournament.id } };
}

/** Creating a tournament takes Manage Server (a server that wants anyone to can change the command's permissions in Discord). */
export const tournamentCreate: Command = {
  guards: ["guild", "manage-server"],
  root: TOURNAMENT_COMMAND_NAME,
  definition,
  handle,
};
