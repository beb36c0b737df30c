/**
 * What a button kind declares, in two files of its feature's buttons/ folder: `<kind>-id.ts`, its
 * custom id (how the fields a press needs are written into the id's text, at most 100 characters, and
 * read back), and `<kind>.ts`, its handler. Views format ids through the codecs' table
 * (../custom-id.ts) and never import a handler; the handlers' table (index.ts) lists every kind.
 */
import type { HandlerContext } from "../context.ts";
import type { Response } from "../reply.ts";

/** A button's id as data: what a press carries. `type` names the id's family (its prefix). */
export interface ButtonId {
  readonly type: string;
}

/** A kind's custom id alone (its own `*-id.ts`): what views need to draw its buttons. */
export interface ButtonCodec<Id extends ButtonId> {
  /** Whether a button's id is this kind's (formatting finds the kind by it). */
  owns(id: ButtonId): id is Id;
  /** The custom id's text: colon-separated fields, the first the kind's prefix. */
  format(id: Id): string;
  /** The id in a custom id's `fields` (its text split at ":"); null when they are not this kind's or malformed. */
  parse(fields: readonly string[]): Id | null;
}

/** A kind's codec and its handler (its own file beside the id's). */
export interface ButtonKind<Id extends ButtonId> extends ButtonCodec<Id> {
  handle(ctx: HandlerContext, id: Id): Response | Promise<Response>;
}

/** The id of a game, a challenge: what the services make (and what a pressed id may name). */
export const ID_FIELD = /^[A-Za-z0-9_-]{1,32}$/;
/** A ply, a season, a page. */
export const NUMBER_FIELD = /^\d{1,6}$/;

/** The entry of `codes` whose text is `code`, or null. */
export function decode<T extends string>(codes: Readonly<Record<T, string>>, code: string): T | null {
  const found = Object.entries(codes).find(([, short]) => short === code);
  return found ? (found[0] as T) : null;
}
