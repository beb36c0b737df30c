/**
 * Translators for Discord: users and channels in a text become mentions (`<@id>`, `<#id>`), which
 * only this layer writes. The domain layers pass `user(id)` and `channel(id)` values instead.
 */

import type { UserError } from "../errors.ts";
import { type Locale, localeOf, type Translate, translator } from "../i18n/index.ts";
import type { App, HandlerContext } from "./context.ts";

const cache = new Map<Locale, Translate>();

export function discordTranslator(locale: Locale): Translate {
  let t = cache.get(locale);
  if (!t) {
    t = translator(locale, {
      user: (id) => `<@${id}>`,
      channel: (id) => `<#${id}>`,
      time: (ms) => `<t:${Math.ceil(ms / 1000)}:R>`,
    });
    cache.set(locale, t);
  }
  return t;
}

/** The language fields of a handler's context: the user's for private replies, the server's for public ones. */
export function speakingTo(
  app: App,
  guildId: string | null,
  userLocale: string | null | undefined,
  guildLocale: string | null | undefined,
): Pick<HandlerContext, "locale" | "serverLocale" | "discordServerLocale" | "t" | "tServer"> {
  const locale = localeOf(userLocale);
  const serverLocale = guildId ? app.serverLocale(guildId, guildLocale) : locale;
  return {
    locale,
    serverLocale,
    discordServerLocale: localeOf(guildLocale),
    t: discordTranslator(locale),
    tServer: discordTranslator(serverLocale),
  };
}

/** A refusal as its user reads it. */
export function refusalText(t: Translate, error: UserError): string {
  return t(`errors:${error.code}`, error.values);
}
