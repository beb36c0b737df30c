import { SlashCommandSubcommandBuilder } from "discord.js";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import { challengeInput, challengeResponse, firstOption, rulesetOption, timeOption } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("challenge")
  .setDescription("Challenge someone (or anyone) to a game")
  .addUserOption((o) => o.setName("opponent").setDescription("Who to play; leave empty for an open challenge"))
  .addStringOption((o) => rulesetOption(o, "Ruleset (default: the server's, else Abapa)"))
  .addStringOption((o) => firstOption(o, "Who moves first (default: random)"))
  .addStringOption((o) => timeOption(o, "Time per move (default: the server's)"))
  .addBooleanOption((o) => o.setName("rated").setDescription("Does the game count for ratings? (default: yes)"));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  return challengeResponse(ctx.app.challenges.create(challengeInput(ctx, options)));
}

export const challenge: Command = { guards: ["guild"], definition, handle };
