import { createHmac } from 'node:crypto';

/** How a try to hand a request to the delivery service went. */
export type SendOutcome =
  | { ok: true; remoteId: string }
  /** `retry`: worth trying again later (network, timeout, 5xx, 408, 429); else the service refused it. */
  | { ok: false; retry: boolean; error: string };

/** How long one try may take before it counts as failed (and is tried again later). */
export const SEND_TIMEOUT_MS = 8_000;

/** HMAC-SHA256 of `text` with the shared secret, hex. */
export const signText = (secret: string, text: string): string =>
  createHmac('sha256', secret).update(text).digest('hex');

/**
 * POSTs a request to the service as JSON. With a secret, `X-OpenFind-Timestamp` (Unix seconds) and
 * `X-OpenFind-Signature: sha256=<hex HMAC of "timestamp.body">` let the service check it came from
 * the library and is fresh. The service answers 2xx with the number it gave the request (`id`,
 * `requestId` or `data.id`; none is kept as '').
 */
export async function sendToService(
  url: string,
  secret: string,
  payload: unknown,
  timeoutMs = SEND_TIMEOUT_MS,
): Promise<SendOutcome> {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (secret) {
    const ts = String(Math.floor(Date.now() / 1000));
    headers['x-openfind-timestamp'] = ts;
    headers['x-openfind-signature'] = `sha256=${signText(secret, `${ts}.${body}`)}`;
  }
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    const why = e.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : (e.cause?.code ?? e.message);
    return { ok: false, retry: true, error: why };
  }
  const text = await res.text().catch(() => '');
  if (!res.ok) {
    const retry = res.status >= 500 || res.status === 408 || res.status === 429;
    return { ok: false, retry, error: `HTTP ${res.status} ${text.slice(0, 200)}`.trim() };
  }
  return { ok: true, remoteId: remoteIdOf(text) };
}

function remoteIdOf(text: string): string {
  try {
    const json = JSON.parse(text) as { id?: unknown; requestId?: unknown; data?: { id?: unknown } | null };
    const id = json.id ?? json.requestId ?? json.data?.id;
    return typeof id === 'string' || typeof id === 'number' ? String(id).slice(0, 100) : '';
  } catch {
    return '';
  }
}

/**
 * The reader's link into the service: the login URL with `uid` (the reader's account), `ts` (Unix
 * seconds) and `sign` (HMAC of "uid\nts"), so the service can trust who comes; unchanged without a secret.
 */
export function signedLoginUrl(loginUrl: string, secret: string, account: string, now = Date.now()): string {
  if (!secret) return loginUrl;
  const url = new URL(loginUrl);
  const ts = String(Math.floor(now / 1000));
  url.searchParams.set('uid', account);
  url.searchParams.set('ts', ts);
  url.searchParams.set('sign', signText(secret, `${account}\n${ts}`));
  return url.toString();
}
