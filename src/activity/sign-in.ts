/**
 * Sign-in as the Embedded App SDK prescribes: the page's `authorize` gives it a code; the bot exchanges the
 * code at Discord's OAuth2 token endpoint with the application's client secret (which never leaves the bot)
 * and hands the page the access token; the page's `authenticate` and the bot's WebSocket both use that
 * token, and the bot learns who it is with `GET /users/@me` (Bearer). Behind an interface so that the
 * server's tests can stand in for Discord.
 */

export interface SignedInUser {
  readonly id: string;
  readonly locale?: string;
}

export interface OAuth {
  /** The access token for an authorization code; throws `SignInRefused` when Discord refuses the code. */
  exchange(code: string): Promise<string>;
  /** The user an access token belongs to; throws `SignInRefused` for a bad or expired token. */
  user(accessToken: string): Promise<SignedInUser>;
}

export class SignInRefused extends Error {}

export interface OAuthOptions {
  /** The REST base URL including `/api` (https://discord.com/api, or the local Discord's). */
  readonly apiUrl: string;
  /** The application's id (known once the bot has logged in). */
  readonly clientId: () => string | null;
  readonly clientSecret: string;
  readonly fetch?: typeof fetch;
}

/** Discord's OAuth2 endpoints (`/oauth2/token`, `/users/@me`), as an `OAuth`. */
export function discordOAuth(options: OAuthOptions): OAuth {
  const api = `${options.apiUrl.replace(/\/+$/, "")}/v10`;
  const send = options.fetch ?? fetch;
  return {
    async exchange(code) {
      const clientId = options.clientId();
      if (!clientId) throw new Error("token exchange: the application's id is not known yet");
      const body = new URLSearchParams({
        client_id: clientId,
        client_secret: options.clientSecret,
        grant_type: "authorization_code",
        code,
      });
      const answer = await send(`${api}/oauth2/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      });
      // 400 (a bad code) and 401 (a bad client) are refusals; anything else is Discord's trouble, thrown as is.
      if (answer.status === 400 || answer.status === 401) throw new SignInRefused(`token exchange: ${answer.status}`);
      if (!answer.ok) throw new Error(`token exchange failed: HTTP ${answer.status}`);
      const token = ((await answer.json()) as { access_token?: unknown }).access_token;
      if (typeof token !== "string") throw new Error("token exchange: no access_token in the answer");
      return token;
    },
    async user(accessToken) {
      const answer = await send(`${api}/users/@me`, { headers: { authorization: `Bearer ${accessToken}` } });
      if (answer.status === 401 || answer.status === 403) throw new SignInRefused(`users/@me: ${answer.status}`);
      if (!answer.ok) throw new Error(`users/@me failed: HTTP ${answer.status}`);
      const user = (await answer.json()) as { id?: unknown; locale?: unknown };
      if (typeof user.id !== "string") throw new Error("users/@me: no id");
      return { id: user.id, ...(typeof user.locale === "string" && { locale: user.locale }) };
    },
  };
}
