// Public surface of the local Discord stand-in.

export type { ActivityInstance } from "./activity.ts";
// What the bot's tests measure or sign with, exported so that they need no deep import.
export { CommandRegistry, commandSize, MAX_COMMAND_SIZE } from "./commands.ts";
export type { LocalConfig, LocalContext } from "./context.ts";
export { LocalEvents } from "./events.ts";
export { shardOf } from "./gateway.ts";
export { newSigningKeys, signedHeaders } from "./http-delivery.ts";
export type { LocalLogger } from "./logger.ts";
export { createLocalDiscord, type LocalDiscord, type LocalDiscordOptions } from "./server.ts";
export { stableSnowflake } from "./snowflake.ts";
export { DEFAULT_LOCAL_DISCORD_PORT, type StartedLocalDiscord, startLocalDiscord } from "./start.ts";
