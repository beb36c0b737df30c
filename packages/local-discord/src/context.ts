// Everything a route needs, in one object built by the server.
import type { ActivityRegistry } from "./activity.ts";
import type { AttachmentStore } from "./attachments.ts";
import type { LocalClock } from "./clock.ts";
import type { CommandRegistry } from "./commands.ts";
import type { LocalEvents } from "./events.ts";
import type { Gateway } from "./gateway.ts";
import type { SigningKeys } from "./http-delivery.ts";
import type { InteractionRegistry } from "./interactions.ts";
import type { LocalLogger } from "./logger.ts";
import type { MessageService } from "./messages.ts";
import type { OAuth2 } from "./oauth2.ts";
import type { RateLimits } from "./rate-limits.ts";
import type { Store } from "./store.ts";

export interface LocalConfig {
  /** The bot token the gateway and REST accept. */
  token: string;
  applicationId: string;
  /** Discord gives 3 s to acknowledge an interaction. */
  ackTimeoutMs: number;
  /** Interaction tokens work for follow-ups and edits for 15 minutes. */
  tokenLifetimeMs: number;
  /** How long the driver waits for the first edit/follow-up after a deferred response. */
  deferredWaitMs: number;
  /** Largest upload (Discord: 10 MiB without boosts). */
  maxAttachmentBytes: number;
  maxAttachments: number;
  /** The application has the GUILD_MEMBERS privileged intent enabled (needed to list members). */
  membersIntent: boolean;
  /** The application's OAuth2 client secret (the token exchange checks it). */
  clientSecret: string;
}

export interface LocalContext {
  config: LocalConfig;
  store: Store;
  events: LocalEvents;
  /** The playground's clock, which the page and the driver move forward (the bot's clock in the playground). */
  clock: LocalClock;
  commands: CommandRegistry;
  interactions: InteractionRegistry;
  messages: MessageService;
  attachments: AttachmentStore;
  gateway: Gateway;
  logger: LocalLogger;
  /** http://host:port of this server (known once it listens). */
  baseUrl(): string;
  /** Discord's per-route rate limits, when they are on (see rate-limits.ts). */
  rateLimits: RateLimits | null;
  /** REST endpoints that were asked for but do not exist here, to make gaps visible. */
  gaps: Map<string, number>;
  /**
   * The application's Interactions Endpoint URL (null: interactions go over the gateway) and the key
   * pair their signatures are made with.
   */
  endpoint: { url: string | null; readonly keys: SigningKeys; delivered: number };
  /** The application's Activity: enabled or not, its URL mapping and its live instances. */
  activity: ActivityRegistry;
  /** Authorization codes and bearer tokens of the OAuth2 flow the Activity signs in with. */
  oauth2: OAuth2;
  /** http://host:port of the Activity's own origin (the stand-in for <app id>.discordsays.com). */
  activityUrl(): string;
}
