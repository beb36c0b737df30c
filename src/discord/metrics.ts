/**
 * Prometheus metrics (prom-client) and a health check, on their own HTTP port (METRICS_PORT):
 *
 *   nickar_interaction_seconds{kind, stage}  click to acknowledgement (stage "ack") and to the
 *                                            first edit of the answer, the updated board ("done")
 *   nickar_errors_total{code}                refusals by UserError code, "internal" for bugs,
 *                                            "discord_<status>" for Discord's error answers
 *   nickar_games_active                      games in progress (read from the database at scrape)
 *   nickar_scheduler_lag_seconds             how late the deadline scheduler's timer fired
 *   nickar_pool_queue_length{pool, lane}     tasks waiting for a worker thread
 *   nickar_pool_threads{pool}                worker threads
 *   plus prom-client's process and Node.js metrics (CPU, memory, event-loop lag, GC).
 *
 * The latencies are taken from discord.js's own events: the interaction arriving, and the REST
 * responses to its callback (`POST /interactions/<id>/<token>/callback`) and to the first edit of
 * its original message (`PATCH /webhooks/<app>/<token>/messages/@original`), so the router is not
 * touched and what is measured is what Discord sees.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type APIRequest, type Client, Events, type Interaction, RESTEvents, type ResponseLike } from "discord.js";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { parseCustomId } from "../interactions/custom-id.ts";

export interface MetricsSources {
  /** Games in progress. */
  activeGames(): number;
  /** Worker pools by name (render, search...). */
  pools(): Record<string, PoolGauge>;
  /** What stops the bot from serving, or null when it is healthy (checked by /healthz). */
  problem(): string | null;
}

/** What a pool reports: its threads and, by lane, the tasks waiting. */
export interface PoolGauge {
  readonly threads: number;
  readonly queued: Readonly<Record<string, number>>;
}

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A bounded label for an interaction: the subcommand, or the button's action. */
export function interactionKind(interaction: Interaction): string {
  if (interaction.isChatInputCommand() || interaction.isAutocomplete()) {
    const group = interaction.options.getSubcommandGroup(false);
    const sub = interaction.options.getSubcommand(false);
    const name = [interaction.commandName, group, sub].filter(Boolean).join(" ");
    return interaction.isAutocomplete() ? `autocomplete ${name}` : name;
  }
  if (interaction.isButton()) {
    const id = parseCustomId(interaction.customId);
    if (!id) return "button unknown";
    if (id.type === "game") return `button ${id.action.kind}`;
    if ("action" in id && typeof id.action === "string") return `button ${id.type} ${id.action}`;
    return `button ${id.type}`;
  }
  return "other";
}

interface Pending {
  readonly kind: string;
  readonly at: number;
  acked: boolean;
}

const CALLBACK = /\/interactions\/(\d+)\/[^/]+\/callback/;
const ORIGINAL = /\/webhooks\/\d+\/([^/]+)\/messages\/(?:@|%40)original/;
/** An interaction token lives 15 minutes; entries older than that are dropped. */
const FORGET_AFTER_MS = 15 * 60_000;

export class Metrics {
  readonly registry = new Registry();
  private readonly latency = new Histogram({
    name: "nickar_interaction_seconds",
    help: "Seconds from receiving an interaction to its acknowledgement (stage=ack) and to its first answer edit or immediate answer (stage=done)",
    labelNames: ["kind", "stage"] as const,
    buckets: BUCKETS,
    registers: [this.registry],
  });
  private readonly errors = new Counter({
    name: "nickar_errors_total",
    help: "Refusals by UserError code, internal errors, and Discord's error answers by HTTP status",
    labelNames: ["code"] as const,
    registers: [this.registry],
  });
  private readonly lag = new Histogram({
    name: "nickar_scheduler_lag_seconds",
    help: "How late the deadline scheduler's timer fired",
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [this.registry],
  });
  private readonly byId = new Map<string, Pending>();
  private readonly byToken = new Map<string, Pending>();

  constructor(private readonly sources: MetricsSources) {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: "nickar_games_active",
      help: "Games in progress",
      registers: [this.registry],
      collect() {
        this.set(sources.activeGames());
      },
    });
    new Gauge({
      name: "nickar_pool_queue_length",
      help: "Tasks waiting for a worker thread",
      labelNames: ["pool", "lane"] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [pool, stats] of Object.entries(sources.pools()))
          for (const [lane, queued] of Object.entries(stats.queued)) this.set({ pool, lane }, queued);
      },
    });
    new Gauge({
      name: "nickar_pool_threads",
      help: "Worker threads",
      labelNames: ["pool"] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [pool, stats] of Object.entries(sources.pools())) this.set({ pool }, stats.threads);
      },
    });
  }

  /** What stops the bot from serving, or null (for /healthz). */
  problem(): string | null {
    return this.sources.problem();
  }

  /** Follows the client's interactions and REST answers. */
  watch(client: Client): void {
    client.on(Events.InteractionCreate, (interaction) => this.received(interaction));
    client.rest.on(RESTEvents.Response, (request, response) => this.answered(request, response));
  }

  received(interaction: Interaction, at = performance.now()): void {
    const pending: Pending = { kind: interactionKind(interaction), at, acked: false };
    this.byId.set(interaction.id, pending);
    this.byToken.set(interaction.token, pending);
    this.forgetOld(at);
  }

  answered(
    request: Pick<APIRequest, "method" | "path">,
    response: Pick<ResponseLike, "status">,
    at = performance.now(),
  ): void {
    if (response.status >= 400) this.errors.inc({ code: `discord_${response.status}` });
    const path = String(request.path);
    const callback = CALLBACK.exec(path);
    if (callback) {
      const pending = this.byId.get(callback[1]);
      if (!pending || pending.acked) return;
      pending.acked = true;
      const seconds = (at - pending.at) / 1000;
      this.latency.observe({ kind: pending.kind, stage: "ack" }, seconds);
      // A deferred answer is done at its first edit; any other callback is the answer itself.
      if (!isDeferral(request)) this.done(pending, at);
      return;
    }
    const original = request.method === "PATCH" ? ORIGINAL.exec(path) : null;
    if (original) {
      const pending = this.byToken.get(original[1]);
      if (pending) this.done(pending, at);
    }
  }

  private done(pending: Pending, at: number): void {
    this.latency.observe({ kind: pending.kind, stage: "done" }, (at - pending.at) / 1000);
    for (const [key, value] of this.byId) if (value === pending) this.byId.delete(key);
    for (const [key, value] of this.byToken) if (value === pending) this.byToken.delete(key);
  }

  private forgetOld(now: number): void {
    // Maps keep insertion order: the oldest entries come first.
    for (const map of [this.byId, this.byToken]) {
      for (const [key, value] of map) {
        if (now - value.at < FORGET_AFTER_MS) break;
        map.delete(key);
      }
    }
  }

  /** A refusal (a UserError's code) or "internal" for a bug. */
  error(code: string): void {
    this.errors.inc({ code });
  }

  schedulerLag(ms: number): void {
    this.lag.observe(Math.max(0, ms) / 1000);
  }
}

/** Callback types 5 and 6: "thinking" and "deferred update", answered later by an edit. */
function isDeferral(request: Pick<APIRequest, "method" | "path"> & { data?: { body?: unknown } }): boolean {
  const body = request.data?.body as { type?: number } | undefined;
  return body?.type === 5 || body?.type === 6;
}

export interface MetricsServer {
  readonly url: string;
  close(): Promise<void>;
}

/** GET /metrics (Prometheus text format) and GET /healthz (200 "ok", or 503 with the problem). */
export async function serveMetrics(metrics: Metrics, port: number, host = "127.0.0.1"): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET") {
      res.writeHead(405, { allow: "GET" }).end();
      return;
    }
    if (path === "/metrics") {
      metrics.registry.metrics().then(
        (text) => res.writeHead(200, { "content-type": metrics.registry.contentType }).end(text),
        (err: Error) => res.writeHead(500, { "content-type": "text/plain" }).end(`metrics failed: ${err.message}\n`),
      );
      return;
    }
    if (path === "/healthz") {
      const wrong = metrics.problem();
      res.writeHead(wrong ? 503 : 200, { "content-type": "text/plain" }).end(wrong ? `${wrong}\n` : "ok\n");
      return;
    }
    res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
