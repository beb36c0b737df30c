/**
 * An expected refusal shown to the user (ephemerally). Anything else thrown is a bug: logged, and
 * the user gets a generic apology.
 */
export class UserError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "UserError";
  }
}

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
