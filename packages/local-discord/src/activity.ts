// The application's Activity: whether Activities are enabled for it, its URL mapping (`/` → a target
// the bot serves) and its live instances. An instance belongs to a place (here a guild channel:
// location kind "gc"); a launch in a channel that already has one joins it, as Discord's
// `activity_instance_id` is "the Activity launched or joined". When its last user leaves, it ends.
import { randomBytes } from "node:crypto";
import type { LocalEvents } from "./events.ts";
import { snowflake } from "./snowflake.ts";

export interface ActivityInstance {
  application_id: string;
  instance_id: string;
  launch_id: string;
  location: { id: string; kind: "gc"; channel_id: string; guild_id: string };
  users: string[];
}

export class ActivityRegistry {
  /** Activities enabled in the application's settings (the EMBEDDED flag). */
  enabled: boolean;
  /** Where `/` of the Activity's URL mapping points (http://host:port), or null: no mapping yet. */
  private mappedTarget: string | null = null;
  private readonly instances = new Map<string, ActivityInstance>();

  constructor(
    private readonly applicationId: string,
    private readonly events: LocalEvents,
    options: { enabled: boolean; target?: string | null },
  ) {
    this.enabled = options.enabled;
    if (options.target) this.setTarget(options.target);
  }

  get target(): string | null {
    return this.mappedTarget;
  }

  /**
   * Sets the URL mapping's target. Discord's portal takes a host (and path) without a scheme and always
   * speaks HTTPS to it; here the target is a plain http:// origin on this machine, and nothing else.
   */
  setTarget(target: string | null): void {
    if (target === null) {
      this.mappedTarget = null;
      return;
    }
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw new RangeError(`"${target}" is not a URL (e.g. http://127.0.0.1:8080)`);
    }
    if (url.protocol !== "http:" || url.username || url.password || url.search || url.hash) {
      throw new RangeError(`the target is an http:// origin with an optional path (got ${target})`);
    }
    this.mappedTarget = url.href.replace(/\/$/, "");
  }

  /** Opens the Activity for `userId` in a channel: the channel's live instance (joined) or a new one. */
  launch(userId: string, channelId: string, guildId: string): ActivityInstance {
    let instance = [...this.instances.values()].find((i) => i.location.channel_id === channelId);
    if (!instance) {
      instance = {
        application_id: this.applicationId,
        // Discord's instance ids are opaque strings ("i-<launch>-gc-<guild>-<channel>" today); only uniqueness matters.
        instance_id: `i-${randomBytes(9).toString("base64url")}-gc-${guildId}-${channelId}`,
        launch_id: snowflake(),
        location: { id: `gc-${guildId}-${channelId}`, kind: "gc", channel_id: channelId, guild_id: guildId },
        users: [],
      };
      this.instances.set(instance.instance_id, instance);
    }
    if (!instance.users.includes(userId)) instance.users.push(userId);
    this.events.emit("activityLaunch", structuredClone(instance), userId);
    return instance;
  }

  /** The user closed the Activity; the instance ends with its last user. False when they were not in it. */
  leave(instanceId: string, userId: string): boolean {
    const instance = this.instances.get(instanceId);
    if (!instance?.users.includes(userId)) return false;
    instance.users = instance.users.filter((u) => u !== userId);
    if (instance.users.length === 0) this.instances.delete(instanceId);
    this.events.emit("activityClose", instanceId, userId);
    return true;
  }

  get(instanceId: string): ActivityInstance | undefined {
    return this.instances.get(instanceId);
  }

  list(): ActivityInstance[] {
    return [...this.instances.values()];
  }
}
