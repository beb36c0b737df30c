import { randomBytes } from "node:crypto";

/** Short random ids (8 url-safe characters, never ':'), small enough for button custom ids. */
export function newId(): string {
  return randomBytes(6).toString("base64url");
}
