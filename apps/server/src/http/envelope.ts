import type { Envelope, Lang } from '@openfind/contract';
import { t, type MessageKey } from './messages.js';

/** A successful envelope around `data`. */
export function ok<T>(lang: Lang, data: T): Envelope<T> {
  return { success: true, message: t(lang, 'ok'), errCode: 200, errorCode: null, data };
}

/** A successful envelope whose message says what was done (`key`) instead of the generic one. */
export function okSaying<T>(
  lang: Lang,
  data: T,
  key: MessageKey,
  params?: Record<string, string | number>,
): Envelope<T> {
  return { ...ok(lang, data), message: t(lang, key, params) };
}

/** A failed envelope with a translated message. */
export function fail(
  lang: Lang,
  errCode: number,
  key: MessageKey,
  params?: Record<string, string | number>,
): Envelope<null> {
  return { success: false, message: t(lang, key, params), errCode, errorCode: null, data: null };
}
