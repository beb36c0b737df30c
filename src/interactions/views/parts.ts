/**
 * What every message is made of: the language it is written in, buttons and their rows, and
 * Discord's markup for a mention and a relative time.
 */
import { type APIActionRowComponent, type APIButtonComponent, ButtonStyle, ComponentType } from "discord-api-types/v10";
import type { GameSnapshot } from "../../games/snapshot.ts";
import type { Locale, Translate } from "../../i18n/index.ts";
import { type CustomId, formatCustomId } from "../custom-id.ts";
import type { Reply } from "../reply.ts";
import { discordTranslator } from "../speech.ts";

/** The language a message is written in: its translator, and its locale for the images (drawn in a worker). */
export interface Voice {
  readonly locale: Locale;
  readonly t: Translate;
}

export function voiceOf(locale: Locale): Voice {
  return { locale, t: discordTranslator(locale) };
}

export type Row = APIActionRowComponent<APIButtonComponent>;

type Style = ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger;

export function button(id: CustomId, label: string, style: Style, disabled = false): APIButtonComponent {
  return { type: ComponentType.Button, custom_id: formatCustomId(id), label, style, disabled };
}

export function row(...components: APIButtonComponent[]): Row {
  return { type: ComponentType.ActionRow, components };
}

/**
 * An ephemeral question with the one red button that confirms it (resigning, declining a ladder
 * challenge, starting a season: what cannot be undone asks first).
 */
export function confirmation(content: string, id: CustomId, label: string): Reply {
  return { content, ephemeral: true, components: [row(button(id, label, ButtonStyle.Danger))] };
}

/** A time as Discord shows it to each reader: "in 5 minutes". */
export function relativeTime(ms: number): string {
  return `<t:${Math.floor(ms / 1000)}:R>`;
}

/** How a player is written in Discord text: a mention, which shows their name. */
export function mention(id: string): string {
  return `<@${id}>`;
}

/** The players as mentions, South first. */
export function mentions(game: GameSnapshot): [string, string] {
  return [mention(game.row.southId), mention(game.row.northId)];
}
