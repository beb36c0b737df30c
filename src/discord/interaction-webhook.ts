/**
 * The webhook of the interaction being answered, for the notices that follow the answer (see
 * `InteractionWebhook` in notices.ts): follow-ups and their deletion through the interaction's
 * token, both interaction endpoints outside the bot's global rate limit.
 */
import {
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  PermissionFlagsBits,
  type REST,
  Routes,
} from "discord.js";
import { payload } from "./messenger.ts";
import { type InteractionWebhook, WEBHOOK_TOKEN_MARGIN_MS, WEBHOOK_TOKEN_MS } from "./notices.ts";

type Acting = ButtonInteraction | ChatInputCommandInteraction;

/**
 * Whether a notice may be the interaction's follow-up: in a channel the bot can see. A follow-up
 * needs no channel permission, but once its token has run out (or after a restart) it is deleted as
 * the bot's own message, which needs View Channel; without it the notice would stay forever.
 */
export function followUpsAllowed(interaction: Acting): boolean {
  return Boolean(interaction.channelId) && interaction.appPermissions.has(PermissionFlagsBits.ViewChannel);
}

export function interactionWebhook(interaction: Acting): InteractionWebhook {
  return {
    channelId: interaction.channelId,
    // Discord counts the token's 15 minutes from the interaction's creation.
    expiresAt: interaction.createdTimestamp + WEBHOOK_TOKEN_MS - WEBHOOK_TOKEN_MARGIN_MS,
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
