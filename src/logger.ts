/** pino, pretty on a terminal; anything that looks like a token is redacted. */
import { pino } from "pino";

export type Logger = pino.Logger;

export function createLogger(level = "info"): Logger {
  return pino({
    level,
    redact: {
      paths: ["token", "*.token", "config.token", "headers.authorization", "*.headers.authorization"],
      censor: "[redacted]",
    },
    transport: process.stdout.isTTY ? { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss" } } : undefined,
  });
}
