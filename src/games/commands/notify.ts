import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import { choiceOption } from "../../commands/options.ts";
import { NOTIFY_CHOICES, type NotifyChoice } from "../../db/schema.ts";
import { type MessageKey, term } from "../../i18n/index.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";

/** What each choice means, in the words the answer uses. */
const MEANING = {
  channel: "replies:notify.channel",
  dm: "replies:notify.dm",
  off: "replies:notify.off",
} as const satisfies Record<NotifyChoice, MessageKey>;

/** Each choice's name in the command. */
const CHOICE_NAME = {
  channel: "commands:choice.notify.channel",
  dm: "commands:choice.notify.dm",
  off: "commands:choice.notify.off",
} as const satisfies Record<NotifyChoice, MessageKey>;

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:notify.name",
  "commands:notify.description",
).addStringOption((o) =>
  choiceOption(o, "commands:option.where", "commands:notify.where", NOTIFY_CHOICES, CHOICE_NAME),
);

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const where = options.getString("where");
  const chosen = NOTIFY_CHOICES.find((c) => c === where);
  if (chosen) ctx.app.players.setNotify(ctx.userId, chosen);
  const now = chosen ?? ctx.app.players.notify(ctx.userId);
  const content = ctx.t(chosen ? "replies:notify.saved" : "replies:notify.current", { meaning: term(MEANING[now]) });
  return { mode: "reply", reply: { content, ephemeral: true } };
}

export const notify: Command = { definition, handle };
