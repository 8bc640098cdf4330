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
  return issues
    .slice(0, 5)
    .map((i) => {
      const path = Array.isArray(i.path)
        ? i.path.map(String).join('.')
        : String(i.path).replace(/^\//, '').replace(/\//g, '.');
      const missing = i.code === 'invalid_type' && /received undefined/.test(i.message ?? '');
      return `${path || w.field} ${missing ? w.required : w.invalid}`;
    })
    .join(w.sep);
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
    if (err.statusCode === 429) return send(429, ErrCode.tooManyRequests, 'tooManyRequests');
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(err.statusCode, ErrCode.badRequest, 'badRequest', { detail: err.code ?? '' });
    }
    req.log.error({ err, url: req.url }, 'unhandled error');
    return send(500, ErrCode.internal, 'internal');
  });
}
