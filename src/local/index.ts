// Public surface of the local Discord stand-in.
export type { LocalConfig, LocalContext } from "./context.ts";
export type { LocalLogger } from "./logger.ts";
export { createLocalDiscord, type LocalDiscord, type LocalDiscordOptions } from "./server.ts";
export { DEFAULT_LOCAL_DISCORD_PORT, type StartedLocalDiscord, startLocalDiscord } from "./start.ts";
