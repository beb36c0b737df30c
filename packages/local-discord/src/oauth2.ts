// OAuth2 for an Activity, as the Embedded App SDK uses it: the Discord client mints an authorization
// code when the page calls `authorize`, the app's server exchanges it (with the client secret) at
// /oauth2/token for a bearer token, and reads the user with GET /users/@me. Codes live 10 minutes and
// are good for one exchange; access tokens live 7 days (Discord's `expires_in: 604800`). Both age on
// the playground's clock (clock.ts), so a test can expire a code by moving the clock forward. A token
// comes with a refresh token, good for one `grant_type=refresh_token` exchange, which gives a new pair
// and ends the old access token (Discord does not say whether the old one survives: stricter is safer).
import { randomBytes, timingSafeEqual } from "node:crypto";
import * as spec from "discord-api-spec/zod";

/** Discord's authorization codes are good for 10 minutes. */
export const CODE_LIFETIME_MS = 10 * 60_000;
/** Discord's access tokens: `expires_in` 604800 seconds. */
export const TOKEN_LIFETIME_S = 604_800;

interface Grant {
  userId: string;
  scopes: string[];
  /** The redirect_uri the authorization named (none for the SDK's authorize); the exchange must repeat it. */
  redirectUri: string | null;
  expiresAt: number;
}

export interface TokenAnswer {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** An RFC 6749 error answer: `{ error, error_description }` with its HTTP status. */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: "invalid_request" | "invalid_client" | "invalid_grant" | "unsupported_grant_type" | "invalid_scope",
    readonly description: string,
  ) {
    super(description);
  }

  get body() {
    return { error: this.error, error_description: this.description };
  }
}

const opaque = (bytes: number) => randomBytes(bytes).toString("base64url");

/** Compares secrets in constant time (a secret's length is not a secret). */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export class OAuth2 {
  private readonly codes = new Map<string, Grant>();
  private readonly tokens = new Map<string, Grant>();
  /** Each refresh token's grant and the access token it was issued with. */
  private readonly refreshes = new Map<string, { grant: Grant; accessToken: string }>();

  constructor(
    private readonly app: { applicationId: string; clientSecret: string },
    private readonly now: () => number,
  ) {}

  /**
   * What the Discord client does for the SDK's `authorize`: a one-use code for `userId` with these scopes.
   * Every scope must be one of Discord's (OAuth2Scopes in its specification).
   */
  mintCode(input: { clientId: string; userId: string; scopes: string[]; redirectUri?: string | null }): string {
    if (input.clientId !== this.app.applicationId) throw new OAuthError(400, "invalid_client", "Unknown client_id.");
    if (input.scopes.length === 0) throw new OAuthError(400, "invalid_scope", "At least one scope is required.");
    const unknown = input.scopes.filter((s) => !spec.OAuth2ScopesSchema.safeParse(s).success);
    if (unknown.length > 0) throw new OAuthError(400, "invalid_scope", `Invalid scope: ${unknown.join(" ")}`);
    const code = opaque(20);
    this.codes.set(code, {
      userId: input.userId,
      scopes: [...new Set(input.scopes)],
      redirectUri: input.redirectUri ?? null,
      expiresAt: this.now() + CODE_LIFETIME_MS,
    });
    return code;
  }

  /**
   * POST /oauth2/token: `grant_type=authorization_code` (a code from `authorize`) or `refresh_token` (the
   * refresh token of an earlier answer), with the form's fields and the Basic credentials, if any.
   */
  exchange(form: URLSearchParams, basic: { id: string; secret: string } | null): TokenAnswer {
    const clientId = basic?.id ?? form.get("client_id");
    const secret = basic?.secret ?? form.get("client_secret");
    // RFC 6749 2.3.1: one way of authenticating the client, not both.
    if (basic && (form.has("client_secret") || (form.has("client_id") && form.get("client_id") !== basic.id))) {
      throw new OAuthError(400, "invalid_request", "Client credentials given twice.");
    }
    if (clientId !== this.app.applicationId || secret === null || !sameSecret(secret, this.app.clientSecret)) {
      throw new OAuthError(401, "invalid_client", "Invalid client credentials.");
    }
    const grantType = form.get("grant_type");
    if (grantType === "authorization_code") return this.issue(this.codeGrant(form));
    if (grantType === "refresh_token") return this.issue(this.refreshGrant(form));
    throw new OAuthError(400, "unsupported_grant_type", `Unsupported grant type: ${grantType ?? "none"}`);
  }

  private codeGrant(form: URLSearchParams): Grant {
    const code = form.get("code");
    if (!code) throw new OAuthError(400, "invalid_request", 'Missing "code" in request.');
    const grant = this.codes.get(code);
    // One use: the code is gone whether or not the rest of the exchange passes.
    this.codes.delete(code);
    if (!grant || this.now() > grant.expiresAt)
      throw new OAuthError(400, "invalid_grant", 'Invalid "code" in request.');
    if ((form.get("redirect_uri") ?? null) !== grant.redirectUri) {
      throw new OAuthError(400, "invalid_grant", 'Invalid "redirect_uri" in request.');
    }
    return grant;
  }

  private refreshGrant(form: URLSearchParams): Grant {
    const token = form.get("refresh_token");
    if (!token) throw new OAuthError(400, "invalid_request", 'Missing "refresh_token" in request.');
    const refresh = this.refreshes.get(token);
    if (!refresh) throw new OAuthError(400, "invalid_grant", 'Invalid "refresh_token" in request.');
    this.refreshes.delete(token);
    this.tokens.delete(refresh.accessToken);
    return refresh.grant;
  }

  private issue(grant: Grant): TokenAnswer {
    const accessToken = opaque(24);
    const refreshToken = opaque(24);
    const issued = { ...grant, expiresAt: this.now() + TOKEN_LIFETIME_S * 1000 };
    this.tokens.set(accessToken, issued);
    this.refreshes.set(refreshToken, { grant: issued, accessToken });
    return {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: TOKEN_LIFETIME_S,
      refresh_token: refreshToken,
      scope: grant.scopes.join(" "),
    };
  }

  /** The user behind `Authorization: Bearer <token>` when the token is live and has `scope`, else null. */
  userFor(authorization: string | undefined, scope: string): string | null {
    const match = /^Bearer (\S+)$/.exec(authorization ?? "");
    const grant = match ? this.tokens.get(match[1]) : undefined;
    if (!grant || this.now() > grant.expiresAt || !grant.scopes.includes(scope)) return null;
    return grant.userId;
  }
}

/** `Authorization: Basic base64(id:secret)` as RFC 6749 2.3.1 encodes it (each part form-encoded), or null. */
export function basicCredentials(authorization: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(authorization ?? "");
  if (!match) return null;
  const text = Buffer.from(match[1], "base64").toString("utf8");
  const colon = text.indexOf(":");
  if (colon < 0) return null;
  const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, " "));
  try {
    return { id: decode(text.slice(0, colon)), secret: decode(text.slice(colon + 1)) };
  } catch {
    return null;
  }
}
