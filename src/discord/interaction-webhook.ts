/**
 * The webhook of the interaction being answered, for the notices that follow the answer (see
 * `InteractionWebhook` in notices.ts): follow-ups and their deletion through the interaction's
 * token, both interaction endpoints outside the bot's global rate limit.
 */
import { type ButtonInteraction, type ChatInputCommandInteraction, type REST, Routes } from "discord.js";
import { payload } from "./messenger.ts";
import type { InteractionWebhook } from "./notices.ts";

export function interactionWebhook(interaction: ButtonInteraction | ChatInputCommandInteraction): InteractionWebhook {
  return {
    channelId: interaction.channelId,
    send: async (reply) => (await interaction.followUp(payload(reply, null))).id,
    remove: tokenDeleter(interaction.client.rest, interaction.applicationId, interaction.token),
  };
}

/** A function of its own, so that what is kept for later holds the token and not the interaction. */
function tokenDeleter(rest: REST, applicationId: string, token: string): InteractionWebhook["remove"] {
  return async (messageId) => {
    await rest.delete(Routes.webhookMessage(applicationId, token, messageId), { auth: false });
  };
}
