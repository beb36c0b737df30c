/**
 * Command definitions in every language: the English name and description from the `commands`
 * catalogue, and Discord's `name_localizations` / `description_localizations` for Danish and French.
 * Discord shows a user the names of their own locale but always sends the English name in an
 * interaction, so routing (index.ts, `options.getString("game")`) keeps working on the English names.
 *
 * The texts are read from the catalogues as written, without the pseudo-locale's ⟦ ⟧: a definition is
 * registered with Discord, not shown in a message, and Discord refuses brackets in a name.
 */
import type { APIApplicationCommandOptionChoice, LocalizationMap } from "discord.js";
import { CATALOGUES, LOCALES, type Locale, type MessageKey } from "../i18n/index.ts";

/** Discord's locale for each of our languages other than English (the default). */
const DISCORD_LOCALE = { da: "da", fr: "fr" } as const satisfies Partial<Record<Locale, string>>;

type Values = Readonly<Record<string, string | number>>;

/** A text of the catalogue of `locale`, its `{{placeholders}}` filled; null when the language lacks it. */
export function definitionText(locale: Locale, key: MessageKey, values: Values = {}): string | null {
  const [namespace, path] = key.split(":") as [keyof (typeof CATALOGUES)["en"], string];
  let node: unknown = CATALOGUES[locale][namespace];
  for (const part of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== "string") return null;
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

function english(key: MessageKey, values?: Values): string {
  const text = definitionText("en", key, values);
  if (text === null) throw new Error(`missing message key ${key}`);
  return text;
}

/** The Danish and French texts of a key, for Discord's localization maps. */
export function localizations(key: MessageKey, values?: Values): LocalizationMap {
  const map: Record<string, string> = {};
  for (const locale of LOCALES) {
    if (locale === "en") continue;
    const text = definitionText(locale, key, values);
    if (text !== null) map[DISCORD_LOCALE[locale]] = text;
  }
  return map;
}

interface Described {
  setName(name: string): unknown;
  setDescription(description: string): unknown;
  setNameLocalizations(map: LocalizationMap | null): unknown;
  setDescriptionLocalizations(map: LocalizationMap | null): unknown;
}

/**
 * Names and describes a command, group or option in every language. `name` null keeps the name
 * already set (the root commands: "nickar" is a name, the same in every language).
 */
export function localized<B extends Described>(
  builder: B,
  name: MessageKey | null,
  description: MessageKey,
  values?: Values,
): B {
  if (name) {
    builder.setName(english(name));
    builder.setNameLocalizations(localizations(name));
  }
  builder.setDescription(english(description, values));
  builder.setDescriptionLocalizations(localizations(description, values));
  return builder;
}

/** A registered choice: its English name, its Danish and French names, and the value the handler reads. */
export function localizedChoice<V extends string>(name: MessageKey, value: V): APIApplicationCommandOptionChoice<V> {
  return { name: english(name), name_localizations: localizations(name), value };
}
