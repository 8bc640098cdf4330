import { DEFAULT_LANG } from '@openfind/contract';
import { takeFirstAnswer } from './first-answers';
import { createHttpClient } from './http';
import type { ApiError, RequestContext } from './http';
import { readSessionToken } from './session';

let context: RequestContext = { mappingPath: '', groupCode: '', lang: DEFAULT_LANG };
type Handlers = { onError: (error: ApiError) => void; onUnauthorized: (error: ApiError) => void };
let handlers: Handlers | null = null;

/** Updates the tenant and language headers sent with every call. */
export function setRequestContext(patch: Partial<RequestContext>): void {
  context = { ...context, ...patch };
}

/** The tenant and language headers of the calls (the staff console's own client sends them too). */
export function requestContext(): RequestContext {
  return context;
}

/** Installs the global failure handlers (toasts, the session-expired dialog). */
export function setHttpHandlers(next: Handlers | null): void {
  handlers = next;
}

/** The application's one HTTP client (spec §7). */
export const api = createHttpClient({
  prefix: import.meta.env.VITE_API_PREFIX ?? '',
  getContext: () => context,
  getToken: readSessionToken,
  takeFirstAnswer: (method, path, input) => takeFirstAnswer(method, path, input, Boolean(readSessionToken())),
  onError: (error) => handlers?.onError(error),
  onUnauthorized: (error) => handlers?.onUnauthorized(error),
});

/**
 * An address the server gave for the page to load (an avatar's `/find/userInfo/avatar?…`), as the
 * page must ask for it: with the API prefix in front. Other addresses (another site's) stay as they are.
 */
export function apiAddress(address: string): string {
  if (!address.startsWith('/') || address.startsWith('//')) return address;
  return `${(import.meta.env.VITE_API_PREFIX ?? '').replace(/\/+$/, '')}${address}`;
}
