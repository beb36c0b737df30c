import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { requireGuild } from "../../commands/guards.ts";
import { localized } from "../../commands/localize.ts";
import { choiceOption } from "../../commands/options.ts";
import { asRuleset, rulesetOption } from "../../commands/ruleset-option.ts";
import { UserError } from "../../errors.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { MAX_TOP, ROLE_RULE_KINDS, type RoleRuleKind } from "../role-rules.ts";
import { problemText, roleMention, ruleText } from "../views/roles.ts";

const KIND_CHOICE = {
  rating: "commands:choice.roleKind.rating",
  top: "commands:choice.roleKind.top",
  "ladder-top": "commands:choice.roleKind.ladderTop",
  "series-champion": "commands:choice.roleKind.seriesChampion",
} as const;

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:rolesSet.name",
  "commands:rolesSet.description",
)
  .addRoleOption((o) => localized(o, "commands:option.role", "commands:rolesSet.role").setRequired(true))
  .addStringOption((o) =>
    choiceOption(o, "commands:option.follows", "commands:rolesSet.follows", ROLE_RULE_KINDS, KIND_CHOICE).setRequired(
      true,
    ),
  )
  .addStringOption((o) => rulesetOption(o, "commands:rolesSet.ruleset"))
  .addIntegerOption((o) =>
    localized(o, "commands:option.value", "commands:rolesSet.value", { max: MAX_TOP }).setMinValue(0).setMaxValue(4000),
  );

/** The role now follows the rule; Nickar checks first that Discord would let it give the role. */
function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  const role = options.getRole("role");
  if (!role) throw new UserError("roles/no-role");
  const problem = ctx.app.roleProblem(guildId, role.id);
  if (problem)
    throw new UserError("roles/refused", { role: roleMention(role.id), problem: problemText(problem, ctx.t) });
  const kind = options.getString("follows") as RoleRuleKind;
  if (!ROLE_RULE_KINDS.includes(kind)) throw new UserError("roles/no-role");
  const rule = ctx.app.roles.set({
    guildId,
    roleId: role.id,
    kind,
    ruleset: asRuleset(options.getString("ruleset")),
    value: options.getInteger("value"),
    channelId: ctx.channelId,
    createdBy: ctx.userId,
  });
  const holders = ctx.app.roles.wanted(rule).size;
  const content = ctx.t("replies:roles.set", {
    role: roleMention(role.id),
    rule: ruleText(rule, ctx.t),
    count: holders,
  });
  return { mode: "reply", reply: { content, ephemeral: true } };
}

export const rolesSet: Command = {
  definition,
  handle,
};
