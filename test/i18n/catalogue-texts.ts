/**
 * The texts of a language's catalogues, for the tests that read them all (catalogues.test.ts,
 * glossary.test.ts).
 */
import { CATALOGUES, type Locale, NAMESPACES } from "../../src/i18n/index.ts";

/** Every text of a catalogue by its full key (`namespace:path`, plural suffix kept). */
export function texts(locale: Locale): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (prefix: string, node: unknown) => {
    for (const [name, value] of Object.entries(node as Record<string, unknown>)) {
      const key = prefix.endsWith(":") ? `${prefix}${name}` : `${prefix}.${name}`;
      if (typeof value === "string") found.set(key, value);
      else walk(key, value);
    }
  };
  for (const ns of NAMESPACES) walk(`${ns}:`, CATALOGUES[locale][ns]);
  return found;
}
