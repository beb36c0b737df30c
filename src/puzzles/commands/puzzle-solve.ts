/** `/nickar-puzzle solve [ruleset] [theme]`: a puzzle near the player's puzzle rating, privately. */
import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { requireGuild } from "../../commands/guards.ts";
import { localized } from "../../commands/localize.ts";
import { choiceOption } from "../../commands/options.ts";
import { rulesetOption } from "../../commands/ruleset-option.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { THEMES, type Theme } from "../core/index.ts";
import { puzzleReply, THEME_NAME } from "../views/puzzle.ts";
import { puzzleRuleset } from "./puzzle-ruleset.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:puzzleSolve.name",
  "commands:puzzleSolve.description",
)
  .addStringOption((o) => rulesetOption(o, "commands:puzzleSolve.ruleset"))
  .addStringOption((o) => choiceOption(o, "commands:option.theme", "commands:puzzleSolve.theme", THEMES, THEME_NAME));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  const ruleset = puzzleRuleset(ctx, options, ctx.userId);
  const theme = options.getString("theme") as Theme | null;
  const started = ctx.app.puzzles.next({ userId: ctx.userId, guildId, ruleset, theme });
  return { mode: "reply", reply: puzzleReply(ctx, started) };
}

export const puzzleSolve: Command = { definition, handle };
