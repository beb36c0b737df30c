/**
 * The page's sign-in, as the Embedded App SDK prescribes: `ready`, `authorize` (Discord asks the user and
 * gives a code), the code to the bot (`/.proxy/api/token`, which exchanges it with the client secret the
 * page never sees), then `authenticate` with the access token. Under the local Discord (`local_discord=1`
 * in the query) the SDK's own mock client stands in for Discord's, its `authorize` and `authenticate`
 * answered by the local Discord's activity host (`/.local-discord/…`) as the Discord client would.
 */
import { DiscordSDK, DiscordSDKMock } from "@discord/embedded-app-sdk";

export interface Signed {
  readonly accessToken: string;
  readonly channelId: string;
  readonly guildId: string | null;
}

/** A path on the Activity's origin that Discord's proxy sends to the bot (`/.proxy/<path>` → `/<path>`). */
export function proxied(path: string): string {
  return new URL(`.proxy/${path}`, new URL("/", location.href)).href;
}

async function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const answer = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${url}: HTTP ${answer.status}`);
  return (await answer.json()) as T;
}

/** The local Discord's stand-ins for the Discord client's part of the sign-in (the contract of issue 35). */
function localDiscord(clientId: string, query: URLSearchParams): DiscordSDKMock {
  const sdk = new DiscordSDKMock(clientId, query.get("guild_id"), query.get("channel_id"), null);
  const userId = query.get("user_id") ?? "";
  sdk._updateCommandMocks({
    authorize: async (args) =>
      postJson<{ code: string }>(new URL("/.local-discord/authorize", location.href).href, {
        client_id: args.client_id,
        user_id: userId,
        scope: args.scope,
      }),
    authenticate: async (args) => {
      const token = args.access_token ?? "";
      const answer = await fetch(new URL("/.local-discord/users/@me", location.href).href, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!answer.ok) throw new Error(`authenticate: HTTP ${answer.status}`);
      const user = (await answer.json()) as { id: string; username: string; global_name?: string | null };
      return {
        access_token: token,
        user: {
          id: user.id,
          username: user.username,
          discriminator: "0",
          public_flags: 0,
          global_name: user.global_name,
        },
        scopes: ["identify"],
        expires: new Date(Date.now() + 604_800_000).toISOString(),
        application: { id: clientId, name: "Nickar", description: "" },
      };
    },
  });
  return sdk;
}

export async function signIn(query: URLSearchParams): Promise<Signed> {
  const config = await fetch(proxied("api/config")).then((r) => r.json() as Promise<{ clientId: string }>);
  const local = query.get("local_discord") === "1";
  const sdk = local ? localDiscord(config.clientId, query) : new DiscordSDK(config.clientId);
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: config.clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const { access_token } = await postJson<{ access_token: string }>(proxied("api/token"), { code });
  await sdk.commands.authenticate({ access_token });
  const channelId = sdk.channelId ?? query.get("channel_id");
  if (!channelId) throw new Error("the Activity was opened outside a channel");
  return { accessToken: access_token, channelId, guildId: sdk.guildId ?? query.get("guild_id") };
}
