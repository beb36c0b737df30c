// Interactions delivered over HTTP, as Discord does for an application with an Interactions
// Endpoint URL: each one POSTed as JSON to the bot's endpoint, signed with Ed25519 over
// `X-Signature-Timestamp + body` (the application's key pair lives here; the bot gets the public key,
// as from the Developer Portal). The reply is checked as Discord checks it:
//   - 200 with an interaction response (`{type, data}`) is the initial response, held to every rule
//     of the callback endpoint (the same code checks both);
//   - 202 with no body is right only when the bot already acknowledged through the callback endpoint;
//   - anything else, or no answer within the 3 seconds, fails the interaction.
// Setting the endpoint is refused as the Developer Portal refuses it: a signed PING must get
// `{"type":1}` and a request with a bad signature must get 401.
import { generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import { InteractionResponseType } from "discord-api-types/v10";
import type { LocalContext } from "./context.ts";
import type { InteractionRecord } from "./interactions.ts";

export interface SigningKeys {
  readonly privateKey: KeyObject;
  /** The public key as the Developer Portal shows it: 64 hex digits. */
  readonly publicKeyHex: string;
}

export function newSigningKeys(): SigningKeys {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  // The raw key is the last 32 bytes of the SubjectPublicKeyInfo.
  const der = publicKey.export({ format: "der", type: "spki" });
  return { privateKey, publicKeyHex: der.subarray(der.length - 32).toString("hex") };
}

/** The signature headers Discord sends with `body`. */
export function signedHeaders(keys: SigningKeys, body: string, timestamp = String(Math.floor(Date.now() / 1000))) {
  const signature = sign(null, Buffer.from(timestamp + body, "utf8"), keys.privateKey).toString("hex");
  return { "x-signature-ed25519": signature, "x-signature-timestamp": timestamp };
}

async function post(url: string, body: string, headers: Record<string, string>, timeoutMs: number) {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "user-agent": "Discord-Interactions/1.0 (+https://discord.com)",
      ...headers,
    },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  return { status: response.status, text, contentType: response.headers.get("content-type") ?? "" };
}

/** Why Discord would refuse `url` as the Interactions Endpoint URL, or null when it accepts it. */
export async function endpointProblem(keys: SigningKeys, url: string): Promise<string | null> {
  const ping = JSON.stringify({ id: "0", application_id: "0", type: 1, token: "ping", version: 1 });
  try {
    const good = await post(url, ping, signedHeaders(keys, ping), 3_000);
    let pong: unknown = null;
    try {
      pong = JSON.parse(good.text);
    } catch {}
    if (good.status !== 200 || (pong as { type?: unknown } | null)?.type !== InteractionResponseType.Pong) {
      return `a signed PING must be answered 200 {"type":1}; got ${good.status} ${good.text.slice(0, 100)}`;
    }
    const forged = signedHeaders(keys, `${ping} `);
    const bad = await post(url, ping, forged, 3_000);
    if (bad.status !== 401) return `a request with a bad signature must be answered 401; got ${bad.status}`;
    return null;
  } catch (error) {
    return `the endpoint could not be reached: ${(error as Error).message}`;
  }
}

/** Records a failed delivery on the interaction (the driver then answers with it). */
function failed(ctx: LocalContext, record: InteractionRecord, message: string, status = 0) {
  record.errors.push({ status, code: 0, message });
  ctx.interactions.notify(record);
}

/**
 * POSTs the interaction to the endpoint and checks the reply. `acknowledge` applies an initial
 * response given in the reply's body, with the callback endpoint's rules.
 */
export async function deliverOverHttp(
  ctx: LocalContext,
  keys: SigningKeys,
  url: string,
  record: InteractionRecord,
  payload: unknown,
  acknowledge: (record: InteractionRecord, response: unknown) => void,
): Promise<void> {
  const body = JSON.stringify(payload);
  ctx.endpoint.delivered += 1;
  let reply: Awaited<ReturnType<typeof post>>;
  try {
    reply = await post(url, body, signedHeaders(keys, body), Math.max(1, record.ackDeadline - ctx.interactions.now()));
  } catch (error) {
    ctx.logger.warn({ err: error, url }, "interactions endpoint did not answer");
    return failed(ctx, record, `the interactions endpoint did not answer: ${(error as Error).message}`);
  }
  if (reply.status === 202) {
    if (!record.ack) failed(ctx, record, "202 from the interactions endpoint, but no callback was made", 202);
    return;
  }
  if (reply.status === 200) {
    let response: unknown;
    try {
      response = JSON.parse(reply.text);
    } catch {
      return failed(ctx, record, "the interactions endpoint's 200 is not a JSON interaction response", 200);
    }
    try {
      acknowledge(record, response);
    } catch (error) {
      ctx.logger.warn({ err: error }, "initial response in the endpoint's reply refused");
    }
    return;
  }
  failed(ctx, record, `the interactions endpoint answered ${reply.status}`, reply.status);
}
