import { SlashCommandSubcommandBuilder } from "discord.js";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import { DEFAULT_FIRST_TO, MAX_FIRST_TO } from "../ladders/series-store.ts";
import type { Command } from "./command.ts";
import { challengeInput, challengeResponse, firstOption, rulesetNameOption, timeOption } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("challenge")
  .setDescription("Challenge someone to a series: the first to win six games (draws do not count)")
  .addUserOption((o) => o.setName("opponent").setDescription("Who to play").setRequired(true))
  .addStringOption((o) => rulesetNameOption(o, "Ruleset (default: the server's)"))
  .addIntegerOption((o) =>
    o
      .setName("first_to")
      .setDescription(`Wins needed (default: ${DEFAULT_FIRST_TO})`)
      .setMinValue(1)
      .setMaxValue(MAX_FIRST_TO),
  )
  .addBooleanOption((o) => o.setName("rated").setDescription("Does each game count for ratings? (default: yes)"))
  .addStringOption((o) => timeOption(o, "Time per move (default: the server's)"))
  .addStringOption((o) => firstOption(o, "Who is South in game 1 (default: random); then it alternates"));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const challenge = ctx.app.challenges.create({
    ...challengeInput(ctx, options),
    kind: "series",
    firstTo: options.getInteger("first_to") ?? DEFAULT_FIRST_TO,
  });
  return challengeResponse(challenge);
}

export const seriesChallenge: Command = { guards: ["guild"], group: "series", definition, handle };
