/**
 * The WeChat QR login page's address, from the configured auth service (spec §7: a GET answering
 * code '1' and LoginUrl). `redirectUri` is where WeChat sends the reader back with a code.
 */
export async function fetchWechatLoginUrl(authUrl: string, redirectUri: string, signal?: AbortSignal): Promise<string> {
  if (!authUrl) return '';
  const url = new URL(authUrl, window.location.href);
  url.searchParams.set('redirectUri', redirectUri);
  const res = await fetch(url, { signal, credentials: 'omit' });
  const body = (await res.json()) as {
    code?: unknown;
    LoginUrl?: unknown;
    data?: { code?: unknown; LoginUrl?: unknown };
  };
  const answer = body.data ?? body;
  const loginUrl = typeof answer.LoginUrl === 'string' ? answer.LoginUrl : '';
  return String(answer.code) === '1' && /^https?:\/\//i.test(loginUrl) ? loginUrl : '';
}
