// The small logging surface this module needs; a pino logger fits it as is.
import pino from "pino";

export interface LocalLogger {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export function defaultLogger(): LocalLogger {
  return pino({ name: "local-discord", level: process.env.LOCAL_DISCORD_LOG_LEVEL ?? "warn" }, pino.destination(2));
}

/** Interaction and webhook tokens are credentials: never let them reach a log line. */
export function redactPath(path: string): string {
  return path.replace(/\/(interactions|webhooks)\/(\d+)\/[^/?]+/g, "/$1/$2/:token");
}
