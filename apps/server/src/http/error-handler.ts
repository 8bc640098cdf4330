import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrCode, type Lang } from '@openfind/contract';
import { ZodError } from 'zod';
import { fail } from './envelope.js';
import { AppError } from './errors.js';
import { ISSUE_WORDS, type MessageKey } from './messages.js';

/** Whether the path belongs to the JSON API (as opposed to the web app). */
export function isApiPath(url: string): boolean {
  return /^\/(find|oga|api)(\/|$|\?)/.test(url) || url.startsWith('/health');
}

interface Issue {
  path: PropertyKey[] | string;
  code?: string;
  message?: string;
}

/** A short, translated description of invalid fields: "page 格式不正确；rows 必填". */
export function describeIssues(lang: Lang, issues: Issue[]): string {
  const w = ISSUE_WORDS[lang];
  const described = issues.map((i) => {
    const path = Array.isArray(i.path)
      ? i.path.map(String).join('.')
      : String(i.path).replace(/^\//, '').replace(/\//g, '.');
    const missing = i.code === 'invalid_type' && /received undefined/.test(i.message ?? '');
    return `${path || w.field} ${missing ? w.required : w.invalid}`;
  });
  // A value that fits no form of a field (an id too big as a number and as digits) is said once.
  return [...new Set(described)].slice(0, 5).join(w.sep);
}

/**
 * Whether `err` is the database refusing a value rather than failing: SQLSTATE class 22 (data
 * exception: 22021 a byte sequence not valid UTF-8 such as NUL, 22P05 an unsupported Unicode escape,
 * 22003 a number out of range, 22P02 text that is not a number, 2201B an invalid regular
 * expression…) or class 54 (program limit exceeded: 54000, 54001 a statement too complex). The
 * contract and the input guard keep such values out; this is the safety net behind them.
 */
export function isRefusedValueError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|54)[0-9A-Z]{3}$/.test(code);
}

/**
 * One error handler for the whole app: known failures become a translated envelope, anything
 * else a generic 500 envelope; details go to the log, never to the client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const lang = req.lang ?? 'zh-CN';
    const send = (status: number, errCode: number, key: MessageKey, params?: Record<string, string | number>) =>
      reply.code(status).send(fail(lang, errCode, key, params));

    if (err instanceof AppError) return send(err.statusCode, err.errCode, err.key, err.params);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({ path: v.instancePath, code: v.keyword, message: v.message }));
      return send(400, ErrCode.badRequest, 'badRequest', { detail: describeIssues(lang, issues) });
    }
    if (err instanceof ZodError) {
      return send(400, ErrCode.badRequest, 'badRequest', { detail: describeIssues(lang, err.issues) });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, url: req.url }, 'response did not match its schema');
      return send(500, ErrCode.internal, 'internal');
    }
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(400, ErrCode.badRequest, 'malformedJson');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(415, ErrCode.badRequest, 'unsupportedMediaType');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(413, ErrCode.badRequest, 'bodyTooLarge');
      default:
        break;
    }
    if (isRefusedValueError(err)) {
      // A value got past the contract that the database cannot take: the caller's mistake, but
      // logged, since the contract should have refused it first.
      req.log.warn({ err, url: req.url }, 'the database refused a value of the request');
      return send(400, ErrCode.badRequest, 'valueNotStorable');
    }
    if (err.statusCode === 429) return send(429, ErrCode.tooManyRequests, 'tooManyRequests');
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(err.statusCode, ErrCode.badRequest, 'badRequest', { detail: err.code ?? '' });
    }
    req.log.error({ err, url: req.url }, 'unhandled error');
    return send(500, ErrCode.internal, 'internal');
  });
}
