/**
 * An expected refusal shown to the user (ephemerally): a code from the `errors` catalogue and the
 * values its text needs, translated by the Discord layer into the user's language. Anything else
 * thrown is a bug: logged, and the user gets a generic apology.
 */
import { type KeyOf, translator, type Values } from "./i18n/index.ts";

/** Every refusal Nickar has: the keys of the `errors` catalogue. */
export type ErrorCode = KeyOf<"errors">;

export class UserError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly values: Values = {},
  ) {
    // The English text, for logs and tests; users get it translated from `code` and `values`.
    super(english(`errors:${code}`, values));
    this.name = "UserError";
  }
}

const english = translator("en", {
  user: (id) => `@${id}`,
  channel: (id) => `#${id}`,
  time: (ms) => new Date(ms).toISOString(),
});

export function isUserError(error: unknown): error is UserError {
  return error instanceof UserError;
}

/** The longest piece of user input a refusal quotes: a 3,000-character id must not push it past 2,000. */
export const QUOTE_LIMIT = 60;

/** User input as a refusal shows it: in quotes, cut to `QUOTE_LIMIT` characters ("…" when cut). */
export function quoted(text: string): string {
  const chars = [...text];
  return `"${chars.length > QUOTE_LIMIT ? `${chars.slice(0, QUOTE_LIMIT - 1).join("")}…` : text}"`;
}
