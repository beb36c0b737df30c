// One in-process bus for state changes, so the gateway, the playground's event stream and the
// driver's waiters each subscribe instead of every route knowing about every consumer.
import { EventEmitter } from "node:events";
import type { APIApplicationCommand, APIChannel, APIMessage, APIRole, APIUser } from "discord-api-types/v10";
import type { ActivityInstance } from "./activity.ts";

export interface LocalEventMap {
  /** `visibleTo` is set for ephemeral messages: only that user id can see them. */
  messageCreate: [message: APIMessage, visibleTo: string | null];
  messageUpdate: [message: APIMessage, visibleTo: string | null];
  messageDelete: [message: APIMessage, visibleTo: string | null];
  userCreate: [user: APIUser];
  /** A user's local settings changed: admin, direct messages, locale. */
  userUpdate: [user: APIUser];
  commandsUpdate: [commands: APIApplicationCommand[], guildId: string | null];
  channelUpdate: [channel: APIChannel];
  /** A member's roles changed (GUILD_MEMBER_UPDATE). */
  memberUpdate: [guildId: string, userId: string];
  /** A role was created or changed (GUILD_ROLE_CREATE / GUILD_ROLE_UPDATE). */
  roleCreate: [guildId: string, role: APIRole];
  roleUpdate: [guildId: string, role: APIRole];
  /** A server added after the start (`addGuild`): the shard that holds it gets GUILD_CREATE. */
  guildCreate: [guildId: string];
  /** A user's notifications changed (a new ping, read, or its message deleted); `unread` is their count now. */
  pingsUpdate: [userId: string, unread: number];
  /** The bot went online (every shard's session connected) or offline. */
  botStatus: [online: boolean];
  /** The playground's clock was moved forward; `offsetMs` is how far ahead of real time it is now. */
  clockUpdate: [offsetMs: number];
  /** `userId` launched (or joined) the Activity: their client opens it in `instance`. */
  activityLaunch: [instance: ActivityInstance, userId: string];
  /** `userId` closed the Activity (the instance ends with its last user). */
  activityClose: [instanceId: string, userId: string];
}

export class LocalEvents extends EventEmitter<LocalEventMap> {
  constructor() {
    super();
    // Every open playground tab adds listeners; that is not a leak.
    this.setMaxListeners(0);
  }
}
