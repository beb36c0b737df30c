import { randomInt } from "node:crypto";

/**
 * Short random ids that a person can read and type: 8 characters of lowercase letters and digits,
 * without the look-alikes 0/o and 1/l/i (about 40 bits, never ':', small enough for button custom
 * ids). Older ids were mixed-case base64url: lookups ignore case, so both kinds are found as typed.
 */
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

export function newId(): string {
  let id = "";
  for (let i = 0; i < 8; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}
