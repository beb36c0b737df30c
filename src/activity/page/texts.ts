/**
 * The page's words: the `activity` catalogue of src/i18n/locales (English, Danish, French, checked with
 * the others by test/i18n), through i18next as the bot's are, in the user's Discord language. Only this
 * one catalogue is bundled, so the page stays small.
 */
import i18next from "i18next";
import da from "../../i18n/locales/da/activity.json" with { type: "json" };
import en from "../../i18n/locales/en/activity.json" with { type: "json" };
import fr from "../../i18n/locales/fr/activity.json" with { type: "json" };

type Base<K> = K extends `${infer B}_${"one" | "other"}` ? B : K;
export type PageKey = `activity:${Base<keyof typeof en>}`;
export type PageTranslate = (key: PageKey, values?: Record<string, string | number>) => string;

/** "da", "fr", "en-GB"… as Discord names a locale: the page's language (English for any other). */
export type PageLocale = "en" | "da" | "fr";

export function pageLocale(discordLocale: string | null | undefined): PageLocale {
  const language = (discordLocale ?? "").toLowerCase().split("-")[0];
  return language === "da" || language === "fr" ? language : "en";
}

export function pageTranslator(locale: PageLocale): PageTranslate {
  const instance = i18next.createInstance();
  instance.init({
    resources: { en: { activity: en }, da: { activity: da }, fr: { activity: fr } },
    lng: locale,
    fallbackLng: "en",
    ns: ["activity"],
    defaultNS: "activity",
    // The page writes texts with textContent, never as HTML: nothing to escape.
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  } as Parameters<typeof instance.init>[0]);
  const fixed = instance.getFixedT(locale);
  return (key, values) => (fixed as (k: string, v?: object) => string)(key, values);
}
