/**
 * Requests to interaction endpoints outside the bot's global rate limit, as Discord counts them.
 *
 * Discord limits a bot to 50 requests a second in all ("global rate limit"), but interaction
 * endpoints are not bound to it: the callback, and the webhook routes an interaction's token opens
 * (editing the original response, follow-ups, deleting them). @discordjs/rest counts every request
 * but the callback against its one global budget, so a busy bot waits for its own limiter: each
 * move edits its board through the interaction's token, and with the turn notices beside it the bot
 * stalled near 17 moves a second however idle the machine was (`npm run bench:load`). Here the
 * token-authenticated webhook requests (`/webhooks/...` without the bot's Authorization) go through
 * a second REST manager of the same options without a global budget; its per-route buckets still
 * follow Discord's headers, and every request that carries the bot token keeps the global limit.
 * discord.js has no option for this, hence the few lines; its events reach the client's manager,
 * so the metrics and the HTTP interactions server see every answer as before.
 */
import { type InternalRequest, REST, RESTEvents } from "discord.js";

/**
 * Whether a request is to an interaction endpoint Discord leaves out of the global rate limit: a
 * webhook route of this application's interaction tokens (the application id is the webhook's id).
 */
export function outsideGlobalLimit(
  request: Pick<InternalRequest, "fullRoute" | "auth">,
  applicationId: string | null,
): boolean {
  return (
    applicationId !== null && request.auth === false && request.fullRoute.startsWith(`/webhooks/${applicationId}/`)
  );
}

/**
 * Sends `rest`'s interaction-token requests through their own manager; returns a function that
 * undoes it. `applicationId` is known once the client is logged in (no interaction comes before).
 */
export function separateInteractionRequests(rest: REST, applicationId: () => string | null): () => void {
  const interactions = new REST({
    ...rest.options,
    globalRequestsPerSecond: Number.POSITIVE_INFINITY,
    // Each interaction token is its own rate-limit bucket, so each interaction leaves a request
    // handler behind, swept hourly by default: 7,500 of them after the footprint benchmark's 200
    // games, 180,000 an hour at 50 moves a second. A token lives 15 minutes; an idle handler swept
    // sooner is made again if its token is used again.
    handlerSweepInterval: 5 * 60_000,
  });
  interactions.on(RESTEvents.Response, (request, response) => rest.emit(RESTEvents.Response, request, response));
  interactions.on(RESTEvents.RateLimited, (info) => rest.emit(RESTEvents.RateLimited, info));
  interactions.on(RESTEvents.Debug, (info) => rest.emit(RESTEvents.Debug, info));
  interactions.on(RESTEvents.InvalidRequestWarning, (info) => rest.emit(RESTEvents.InvalidRequestWarning, info));
  const queue = rest.queueRequest;
  rest.queueRequest = (request) =>
    outsideGlobalLimit(request, applicationId()) ? interactions.queueRequest(request) : queue.call(rest, request);
  return () => {
    rest.queueRequest = queue;
    interactions.removeAllListeners();
    interactions.clearHashSweeper();
    interactions.clearHandlerSweeper();
  };
}
