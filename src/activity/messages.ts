/** The page's messages (core/protocol.ts `ClientMessage`) as the bot reads them: anything else is refused. */
import { z } from "zod";
import type { ClientMessage } from "./core/protocol.ts";

const id = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/);
const snowflake = z.string().regex(/^\d{1,21}$/);

const action = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("move"), house: z.number().int().min(1).max(6) }),
  z.object({ kind: z.literal("resign-confirm") }),
  z.object({ kind: z.literal("draw") }),
  z.object({ kind: z.literal("draw-decline") }),
  z.object({ kind: z.literal("takeback") }),
  z.object({ kind: z.literal("takeback-decline") }),
  z.object({ kind: z.literal("rematch") }),
]);

const message = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("hello"),
    token: z.string().min(1).max(200),
    channelId: snowflake,
    locale: z.string().max(20).optional(),
    gameId: id.optional(),
  }),
  z.object({ type: z.literal("watch"), gameId: id }),
  z.object({
    type: z.literal("act"),
    gameId: id,
    version: z.number().int().min(0).max(1_000_000),
    action,
    nonce: z.string().min(1).max(40),
  }),
]);

/** The message in a frame's text, or null when it is not one of the page's. */
export function readMessage(text: string): ClientMessage | null {
  try {
    const parsed = message.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data as ClientMessage) : null;
  } catch {
    return null;
  }
}
