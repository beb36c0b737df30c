import { SlashCommandSubcommandBuilder } from "discord.js";
import { RULESETS } from "../engine/index.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import { RULES_TEXT } from "./rules-text.ts";
import { asRuleset, rulesetOption } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("rules")
  .setDescription("The rules of a ruleset")
  .addStringOption((o) => rulesetOption(o, "Ruleset (default: the server's)"));

/** The summary, the rules in plain words and the [decision] items (choices the written rules leave open). */
export function rulesText(id: keyof typeof RULESETS): string {
  const info = RULESETS[id];
  const text = RULES_TEXT[id];
  return [
    `**${info.name}** (\`${info.id}\`): ${info.summary}`,
    "Each player has six houses in the row nearest them and a store on their right. South plays A-F, North a-f; South moves first.",
    "",
    ...text.rules.map((rule, i) => `${i + 1}. ${rule}`),
    "",
    "**[decision]** Where the old rules are silent or unclear, Nickar plays it this way:",
    ...text.decisions.map((decision) => `- ${decision}`),
  ].join("\n");
}

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const id =
    asRuleset(options.getString("ruleset")) ??
    (ctx.guildId ? ctx.app.settings.get(ctx.guildId).defaultRuleset : "abapa");
  return { mode: "reply", reply: { content: rulesText(id), ephemeral: true } };
}

export const rules: Command = { definition, handle };
