/**
 * Interaction endpoints are outside Discord's global rate limit: the webhook requests of an
 * interaction's token must not queue behind the bot's own global budget.
 */
import { REST } from "discord.js";
import { describe, expect, it } from "vitest";
import { outsideGlobalLimit, separateInteractionRequests } from "../../src/discord/interaction-rest.ts";

/** A REST manager whose requests are answered at once by a fake fetch, with a global budget of 1 a second. */
function restWithOneRequestASecond() {
  const rest = new REST({
    globalRequestsPerSecond: 1,
    api: "http://discord.invalid/api",
    makeRequest: async () =>
      new Response("{}", { status: 200, headers: { "content-type": "application/json" } }) as never,
  }).setToken("bot-token");
  return rest;
}

describe("interaction rest", () => {
  it("interaction rest - webhook-token requests answered before the next bot request - with the global budget spent", async () => {
    const rest = restWithOneRequestASecond();
    const stop = separateInteractionRequests(rest, () => "222222222222222222");
    try {
      const order: string[] = [];
      const bot = [1, 2].map((n) =>
        rest.post(`/channels/11111111111111111${n}/messages`, { body: {} }).then(() => order.push(`bot ${n}`)),
      );
      const hooks = [1, 2, 3].map((n) =>
        rest
          .patch(`/webhooks/222222222222222222/token${n}/messages/@original`, { body: {}, auth: false })
          .then(() => order.push(`hook ${n}`)),
      );
      await Promise.all([...bot, ...hooks]);
      // The second bot request waited a second for the global budget; the webhook ones did not.
      expect(order.indexOf("bot 2")).toBe(order.length - 1);
      expect(order.filter((o) => o.startsWith("hook"))).toHaveLength(3);
    } finally {
      stop();
      rest.clearHashSweeper();
      rest.clearHandlerSweeper();
    }
  });

  it("interaction rest - only the application's interaction-token routes - leave the global limit", () => {
    expect(outsideGlobalLimit({ fullRoute: "/webhooks/1/token/messages/@original", auth: false }, "1")).toBe(true);
    expect(outsideGlobalLimit({ fullRoute: "/webhooks/1/token", auth: false }, "1")).toBe(true);
    // Another webhook (not an interaction's), the bot's own routes, or before the login.
    expect(outsideGlobalLimit({ fullRoute: "/webhooks/2/token", auth: false }, "1")).toBe(false);
    expect(outsideGlobalLimit({ fullRoute: "/webhooks/1", auth: true }, "1")).toBe(false);
    expect(outsideGlobalLimit({ fullRoute: "/channels/1/messages", auth: undefined }, "1")).toBe(false);
    expect(outsideGlobalLimit({ fullRoute: "/webhooks/1/token", auth: false }, null)).toBe(false);
  });
});
