import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ErrCode } from '@openfind/contract';
import { fail } from './envelope.js';
import { isApiPath } from './error-handler.js';
import { firstAnswers, firstAnswersScript, pageLang } from './first-answers.js';
import { loadRoutePreloads } from './route-preloads.js';
import { openInterfaceHead } from '../modules/open-interfaces/page-head.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** index.html in the encodings a browser may accept. */
type IndexPage = { identity: Buffer; br: Buffer; gzip: Buffer };

/** Compresses a page; a fast brotli level, as every page is compressed when it is served. */
function compressIndex(html: string): IndexPage {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(identity, { level: 6 }),
  };
}

/** The encoding of index.html for an Accept-Encoding header: brotli, else gzip, else none (q=0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year, everything else
 * is revalidated; any other GET that is not an API call gets index.html (history-API fallback),
 * so deep links and /<mappingPath>/... work, compressed when the browser accepts it. Without a build,
 * a page says how to make one.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  let indexHtml: string | undefined;
  try {
    indexHtml = indexFile ? readFileSync(indexFile, 'utf8') : undefined;
  } catch {
    indexHtml = undefined;
  }
  const preloadsOf = webDist ? loadRoutePreloads(webDist) : () => '';
  if (webDist && indexHtml) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const rel = path.relative(webDist, filePath);
        res.header(
          'cache-control',
          rel.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'public, max-age=0, must-revalidate',
        );
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    if (isApiPath(req.url) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send(fail(req.lang, ErrCode.notFound, 'notFound'));
    }
    if (!indexHtml) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('OpenFind: the web app is not built. Run `npm run build` (or `npm start`), then reload.\n');
    }
    // A missing hashed asset must not be answered with HTML.
    if (req.url.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found\n');
    // The page carries the answers of its first calls (the tenant, its configuration…), so a phone
    // paints without waiting for them; the page varies by institution (path) and language (cookie).
    const lang = pageLang(req);
    const first = await firstAnswers(app, req.url, lang, req.ip);
    // The screen's code and texts are named too: fetched beside the app's code, not after it ran.
    // The institution's OpenSearch description, the new-books feed, a record's JSON-LD (crawlers read no JavaScript).
    const open = openInterfaceHead(req.url, first, `${req.protocol}://${req.host}`);
    const head = `${first.answers.length ? firstAnswersScript(first) : ''}${open}${preloadsOf(req.url, lang)}`;
    const html = head ? indexHtml.replace('</head>', `${head}\n  </head>`) : indexHtml;
    const page = compressIndex(html);
    const encoding = pickEncoding(req.headers['accept-encoding']);
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, cookie');
    if (!encoding) return reply.send(page.identity);
    return reply.header('content-encoding', encoding).send(page[encoding]);
  });
}
