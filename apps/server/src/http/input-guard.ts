import type { FastifyInstance } from 'fastify';
import { ErrCode, hasUnsafeCharacters } from '@openfind/contract';
import { fail } from './envelope.js';

/**
 * The request's text at the edge. The contract cleans the free-text fields (search text, names,
 * titles, comments: control characters become spaces, unpaired surrogates are dropped, see
 * `freeText` in packages/contract/src/input.ts); any other string of a request (codes, ids,
 * account names, passwords, tokens, list filters) that still holds a control character other than
 * tab, LF and CR, or an unpaired surrogate, is refused here with a translated 400 naming the field.
 * PostgreSQL cannot store NUL or an unpaired surrogate, and no code or credential contains one, so
 * nothing of the kind reaches the services, their caches or buffered writes.
 */

/** The path ('searchItems.0.searchField') of the first string, or key, with unsafe characters; null when none. */
export function unsafeStringPath(value: unknown): string | null {
  // Iterative: a body the contract lets through unread (passthrough fields) may nest deeply.
  const stack: { value: unknown; path: () => string }[] = [{ value, path: () => '' }];
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (hasUnsafeCharacters(v)) return path();
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push({ value: v[i], path: () => join(path(), String(i)) });
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (hasUnsafeCharacters(key)) return path();
        stack.push({ value: item, path: () => join(path(), key) });
      }
    }
  }
  return null;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** Refuses, after validation, a request whose body or query still holds unsafe characters. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (req, reply) => {
    const schema = req.routeOptions.schema;
    if (!schema) return;
    const path =
      (schema.body ? unsafeStringPath(req.body) : null) ?? (schema.querystring ? unsafeStringPath(req.query) : null);
    if (path === null) return;
    const field = path.slice(0, 100) || 'body';
    return reply.code(400).send(fail(req.lang, ErrCode.badRequest, 'unsafeCharacters', { field }));
  });
}
