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
