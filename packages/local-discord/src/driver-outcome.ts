// Dispatches an interaction to the bot and waits until it has answered the way a person would
// notice: a reply/update right away, or for a deferred response its first edit or follow-up.
import { InteractionResponseType as Callback } from "discord-api-types/v10";
import type { LocalContext } from "./context.ts";
import { deliverOverHttp } from "./http-delivery.ts";
import type { InteractionRecord } from "./interactions.ts";
import { acknowledgeInline } from "./rest-interactions.ts";

type Outcome = "responded" | "deferred" | "timeout" | "error";

/** After a failed callback the bot may still retry (e.g. with an error message); give it a moment. */
const ERROR_GRACE_MS = 300;
const IMMEDIATE = new Set<number>([
  Callback.ChannelMessageWithSource,
  Callback.UpdateMessage,
  Callback.ApplicationCommandAutocompleteResult,
  Callback.Modal,
  Callback.LaunchActivity,
]);

export interface DriverAnswer {
  status: number;
  body: Record<string, unknown>;
}

function waitForOutcome(ctx: LocalContext, record: InteractionRecord): Promise<Outcome> {
  return new Promise((resolve) => {
    const timers: NodeJS.Timeout[] = [];
    let errorWait = false;
    let deferWait = false;
    let deadlineWait = false;
    const finish = (outcome: Outcome) => {
      record.listeners.delete(check);
      for (const t of timers) clearTimeout(t);
      resolve(outcome);
    };
    const later = (ms: number, fn: () => void) => timers.push(setTimeout(fn, ms));
    function check() {
      if (!record.ack) {
        if (ctx.interactions.now() > record.ackDeadline) return finish("timeout");
        // The registry's timer and Date.now() are different clocks: look again just after the deadline.
        if (!deadlineWait) {
          deadlineWait = true;
          later(record.ackDeadline - ctx.interactions.now() + 5, () => {
            deadlineWait = false;
            check();
          });
        }
        if (record.errors.length > 0 && !errorWait) {
          errorWait = true;
          later(ERROR_GRACE_MS, () => (record.ack ? check() : finish("error")));
        }
        return;
      }
      if (IMMEDIATE.has(record.ack.type) || record.completions > 0) return finish("responded");
      if (!deferWait) {
        deferWait = true;
        later(ctx.config.deferredWaitMs, () => finish("deferred"));
      }
    }
    record.listeners.add(check);
    check();
  });
}

/**
 * Sends the interaction to the bot (to its Interactions Endpoint URL when one is set, else over the
 * gateway) and builds the driver's answer once the bot responded.
 */
export async function runInteraction(
  ctx: LocalContext,
  record: InteractionRecord,
  payload: unknown,
): Promise<DriverAnswer> {
  const { url, keys } = ctx.endpoint;
  const delivery = url ? "http" : ctx.gateway.dispatchInteraction(payload);
  if (url) {
    void deliverOverHttp(ctx, keys, url, record, payload, (r, response) => acknowledgeInline(ctx, r, response));
  }
  const outcome = await waitForOutcome(ctx, record);
  const messages = record.messageIds.map((id) => ctx.store.getMessage(id)?.message).filter((m) => m !== undefined);
  const body: Record<string, unknown> = {
    ok: outcome === "responded" || outcome === "deferred",
    outcome,
    interaction: { id: record.id, type: record.type },
    response: record.ack
      ? { type: record.ack.type, name: Callback[record.ack.type], ephemeral: record.ack.ephemeral }
      : null,
    messages,
    errors: record.errors,
    // Milliseconds from the user's action to the acknowledgement and to this answer (the load benchmark's clock).
    timing: {
      ackMs: record.ackedAt === null ? null : record.ackedAt - record.createdAt,
      responseMs: Date.now() - record.createdAt,
    },
  };
  if (record.choices) body.choices = record.choices;
  if (record.modal) body.modal = record.modal;
  // The instance the launch opened, as GET /applications/<id>/activity-instances/<instance> shows it.
  if (record.activityInstanceId) body.activity = ctx.activity.get(record.activityInstanceId) ?? null;
  if (outcome === "deferred") body.pending = true;
  if (outcome === "timeout") {
    body.error = {
      code: "TIMEOUT",
      message: "The application did not respond",
      ...(delivery === "none" ? { hint: "No bot is connected to the local gateway" } : {}),
    };
    return { status: 504, body };
  }
  if (outcome === "error") {
    body.error = record.errors[record.errors.length - 1];
    return { status: 502, body };
  }
  return { status: outcome === "deferred" ? 202 : 200, body };
}
