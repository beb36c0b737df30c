/**
 * Every text a user sees, by key, from the catalogues in ./locales/<language>/<namespace>.json, through
 * i18next (plurals by Intl.PluralRules, placeholders `{{name}}`). A key is written `namespace:path`
 * ("common:ruleset.abapa"), always in full where it is used, so that a test can find unused ones.
 *
 * This layer sits at the bottom (it imports only i18next and the catalogues), so that the renderer
 * can label images with it. Values that need formatting by a higher layer (a user mention, which is
 * Discord markup) are passed as `{ user: id }` and written by the translator's `format`.
 */
import i18next, { type i18n } from "i18next";
import daActivity from "./locales/da/activity.json" with { type: "json" };
import daBoard from "./locales/da/board.json" with { type: "json" };
import daCommands from "./locales/da/commands.json" with { type: "json" };
import daCommon from "./locales/da/common.json" with { type: "json" };
import daErrors from "./locales/da/errors.json" with { type: "json" };
import daGame from "./locales/da/game.json" with { type: "json" };
import daNotices from "./locales/da/notices.json" with { type: "json" };
import daPuzzle from "./locales/da/puzzle.json" with { type: "json" };
import daReplies from "./locales/da/replies.json" with { type: "json" };
import daRules from "./locales/da/rules.json" with { type: "json" };
import enActivity from "./locales/en/activity.json" with { type: "json" };
import enBoard from "./locales/en/board.json" with { type: "json" };
import enCommands from "./locales/en/commands.json" with { type: "json" };
import enCommon from "./locales/en/common.json" with { type: "json" };
import enErrors from "./locales/en/errors.json" with { type: "json" };
import enGame from "./locales/en/game.json" with { type: "json" };
import enNotices from "./locales/en/notices.json" with { type: "json" };
import enPuzzle from "./locales/en/puzzle.json" with { type: "json" };
import enReplies from "./locales/en/replies.json" with { type: "json" };
import enRules from "./locales/en/rules.json" with { type: "json" };
import frActivity from "./locales/fr/activity.json" with { type: "json" };
import frBoard from "./locales/fr/board.json" with { type: "json" };
import frCommands from "./locales/fr/commands.json" with { type: "json" };
import frCommon from "./locales/fr/common.json" with { type: "json" };
import frErrors from "./locales/fr/errors.json" with { type: "json" };
import frGame from "./locales/fr/game.json" with { type: "json" };
import frNotices from "./locales/fr/notices.json" with { type: "json" };
import frPuzzle from "./locales/fr/puzzle.json" with { type: "json" };
import frReplies from "./locales/fr/replies.json" with { type: "json" };
import frRules from "./locales/fr/rules.json" with { type: "json" };
import { PSEUDO_PROCESSOR, pseudoProcessor } from "./pseudo.ts";

/** The English catalogues: the source of every key (the other languages must have the same keys). */
const EN = {
  common: enCommon,
  errors: enErrors,
  commands: enCommands,
  rules: enRules,
  replies: enReplies,
  game: enGame,
  board: enBoard,
  notices: enNotices,
  puzzle: enPuzzle,
  activity: enActivity,
} as const;

export type Namespace = keyof typeof EN;
export const NAMESPACES = Object.keys(EN) as Namespace[];

/** The catalogues of every language, by language and namespace (for the tests and the translators' check). */
export const CATALOGUES: Readonly<Record<Locale, Readonly<Record<Namespace, unknown>>>> = {
  en: EN,
  da: {
    common: daCommon,
    errors: daErrors,
    commands: daCommands,
    rules: daRules,
    replies: daReplies,
    game: daGame,
    board: daBoard,
    notices: daNotices,
    puzzle: daPuzzle,
    activity: daActivity,
  },
  fr: {
    common: frCommon,
    errors: frErrors,
    commands: frCommands,
    rules: frRules,
    replies: frReplies,
    game: frGame,
    board: frBoard,
    notices: frNotices,
    puzzle: frPuzzle,
    activity: frActivity,
  },
};

/** The languages Nickar speaks; English is the fallback for a missing text and for every other locale. */
export const LOCALES = ["en", "da", "fr"] as const;
export type Locale = (typeof LOCALES)[number];

type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;
/** The dotted paths of a catalogue's texts, plural forms folded into their base key. */
type Paths<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${WithoutPlural<K>}` : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of the catalogues, `namespace:path`. */
export type MessageKey = { [N in Namespace]: `${N}:${Paths<(typeof EN)[N]>}` }[Namespace];
/** The keys of one namespace, without the namespace ("notYourTurn" for "errors:notYourTurn"). */
export type KeyOf<N extends Namespace> = Paths<(typeof EN)[N]>;

/** A text inside a text: translated first, in the same language (a ruleset's name in a sentence). */
export interface Term {
  readonly term: MessageKey;
  readonly values?: Values;
}
/** A user, written by the layer that knows how (a mention in Discord's markup). */
export interface UserValue {
  readonly user: string;
}
/** A channel, written by the layer that knows how. */
export interface ChannelValue {
  readonly channel: string;
}
/** A moment, written by the layer that knows how (Discord's relative timestamp `<t:…:R>`). */
export interface TimeValue {
  readonly time: number;
}
/** Several values as one: "a, b and c" (`and`), "a, b, c" (`comma`), or one per line (`lines`). */
export interface ListValue {
  readonly list: readonly Value[];
  readonly join: "and" | "comma" | "lines";
}
export type Value = string | number | Term | UserValue | ChannelValue | TimeValue | ListValue;
export type Values = Readonly<Record<string, Value>>;

export function term(key: MessageKey, values?: Values): Term {
  return values ? { term: key, values } : { term: key };
}
export function user(id: string): UserValue {
  return { user: id };
}
export function channel(id: string): ChannelValue {
  return { channel: id };
}
/** `ms`: milliseconds since the epoch. */
export function time(ms: number): TimeValue {
  return { time: ms };
}
export function list(items: readonly Value[], join: ListValue["join"] = "and"): ListValue {
  return { list: items, join };
}

/** How a layer writes the values it knows (users, channels); without it they are an error. */
export interface Formats {
  readonly user?: (id: string) => string;
  readonly channel?: (id: string) => string;
  /** A moment (ms since the epoch), e.g. "in 5 minutes". */
  readonly time?: (ms: number) => string;
}

/** Translates a key with its values into one language. */
export type Translate = (key: MessageKey, values?: Values) => string;

let instance: i18n | null = null;

function i18nextInstance(): i18n {
  if (instance) return instance;
  const created = i18next.createInstance();
  created.use(pseudoProcessor).init({
    resources: CATALOGUES as unknown as Record<string, Record<string, never>>,
    lng: "en",
    fallbackLng: "en",
    supportedLngs: [...LOCALES],
    ns: NAMESPACES,
    defaultNS: "common",
    // Texts go to Discord and to images, never into HTML: nothing to escape.
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    initAsync: false,
    // A key missing from every catalogue (English included) is a bug, not a text to show: i18next
    // would show the key. Asked only after the lookup failed, so a found text costs one lookup.
    parseMissingKeyHandler: (key: string) => {
      throw new Error(`missing message key ${key}`);
    },
    showSupportNotice: false,
  } as Parameters<i18n["init"]>[0]);
  instance = created;
  return created;
}

/**
 * The pseudo-locale, for the tests: with it on, every translated text is wrapped in ⟦ ⟧, so that any
 * text a user can see that is not wrapped was written in the code instead of taken from a catalogue.
 * Switched by the environment variable NICKAR_PSEUDO_LOCALE=1 (read at each translation, so that a
 * child process and the test's own process both follow it).
 */
function pseudoOn(): boolean {
  return process.env.NICKAR_PSEUDO_LOCALE === "1";
}

/** The supported language for a Discord locale ("da", "fr", "en-US", "pt-BR"...); English for any other. */
export function localeOf(discordLocale: string | null | undefined): Locale {
  if (!discordLocale) return "en";
  const language = discordLocale.toLowerCase().split("-")[0];
  return (LOCALES as readonly string[]).includes(language) ? (language as Locale) : "en";
}

export function isLocale(text: string): text is Locale {
  return (LOCALES as readonly string[]).includes(text);
}

/** A translator for `locale`; `formats` writes users and channels (the Discord layer passes mentions). */
export function translator(locale: Locale, formats: Formats = {}): Translate {
  const i18n = i18nextInstance();
  const fixed = i18n.getFixedT(locale);
  const translate: Translate = (key, values) => {
    const written: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(values ?? {}))
      written[name] = writeValue(value, translate, formats, key);
    const options: Record<string, unknown> = { ...written };
    if (pseudoOn()) options.postProcess = PSEUDO_PROCESSOR;
    return (fixed as (key: string, options: Record<string, unknown>) => string)(key, options);
  };
  return translate;
}

function writeValue(value: Value, translate: Translate, formats: Formats, key: string): string | number {
  if (typeof value === "string" || typeof value === "number") return value;
  if ("term" in value) return translate(value.term, value.values);
  if ("list" in value) {
    const items = value.list.map((item) => String(writeValue(item, translate, formats, key)));
    if (value.join === "lines") return items.join("\n");
    return value.join === "comma" ? items.join(", ") : listOf(translate, items);
  }
  const [kind, format, written] =
    "user" in value
      ? (["user", formats.user, value.user] as const)
      : "channel" in value
        ? (["channel", formats.channel, value.channel] as const)
        : (["time", formats.time, value.time] as const);
  if (!format) throw new Error(`${key}: a ${kind} value needs a ${kind} format here`);
  return (format as (v: string | number) => string)(written);
}

/** "d", "d and c", "d, c and b", in the translator's language. */
export function listOf(t: Translate, items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  if (items.length === 2) return t("common:list.two", { first: items[0], last: items[1] });
  return t("common:list.many", { rest: items.slice(0, -1).join(", "), last: items[items.length - 1] });
}
