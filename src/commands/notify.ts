import { SlashCommandSubcommandBuilder } from "discord.js";
import { NOTIFY_CHOICES, type NotifyChoice } from "../db/schema.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import { SHORT_TEXT } from "./shared.ts";

/** What each choice means, in the words the answer uses. */
const MEANING: Record<NotifyChoice, string> = {
  channel: "a short message in the game's channel that mentions you",
  dm: "a direct message (in the game's channel instead when your direct messages are closed)",
  off: "no notice: watch the board yourself (the reminder at half time still mentions you)",
};

export const definition = new SlashCommandSubcommandBuilder()
  .setName("notify")
  .setDescription("How Nickar tells you it is your move: in the channel, by DM, or not at all")
  .addStringOption((o) =>
    o
      .setName("where")
      .setDescription("Where your turn notices go (default: the channel)")
      .setMaxLength(SHORT_TEXT)
      .addChoices(...NOTIFY_CHOICES.map((c) => ({ name: c, value: c }))),
  );

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const where = options.getString("where");
  const chosen = NOTIFY_CHOICES.find((c) => c === where);
  if (chosen) ctx.app.players.setNotify(ctx.userId, chosen);
  const now = chosen ?? ctx.app.players.notify(ctx.userId);
  const head = chosen ? "Saved." : "Your turn notices:";
  return {
    mode: "reply",
    reply: { content: `${head} When it is your move you get ${MEANING[now]}.`, ephemeral: true },
  };
}

export const notify: Command = { guards: ["guild"], definition, handle };
