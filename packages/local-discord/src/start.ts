// What src/main.ts calls when there is no DISCORD_TOKEN: a local Discord plus the fake
// credentials to give the bot. Prints nothing; main prints the playground URL.
import { createLocalDiscord, type LocalDiscord, type LocalDiscordOptions } from "./server.ts";

export interface StartedLocalDiscord {
  localDiscord: LocalDiscord;
  /** Pass to `client.login(token)`. */
  token: string;
  applicationId: string;
  /** The application's OAuth2 client secret: the bot's DISCORD_CLIENT_SECRET. */
  clientSecret: string;
  /** The Activity's origin (Discord's https://<app id>.discordsays.com/), e.g. http://127.0.0.1:40123/. */
  activityUrl: string;
  /** The one guild; register guild commands here for instant updates. */
  guildId: string;
}

/** Default port of the playground when neither the options nor LOCAL_DISCORD_PORT name one. */
export const DEFAULT_LOCAL_DISCORD_PORT = 3210;

export async function startLocalDiscord(options: LocalDiscordOptions = {}): Promise<StartedLocalDiscord> {
  const envPort = Number(process.env.LOCAL_DISCORD_PORT);
  const port = options.port ?? (Number.isInteger(envPort) && envPort > 0 ? envPort : DEFAULT_LOCAL_DISCORD_PORT);
  const localDiscord = await createLocalDiscord({ ...options, port });
  return {
    localDiscord,
    token: localDiscord.token,
    applicationId: localDiscord.applicationId,
    clientSecret: localDiscord.clientSecret,
    activityUrl: localDiscord.activityUrl,
    guildId: localDiscord.guildId,
  };
}
