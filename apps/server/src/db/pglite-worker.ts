import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { newPGlite } from './pglite-open.js';
import type { PGliteThreadData, ToThread, FromThread, ThreadError } from './pglite-thread.js';

/**
 * The embedded database in a thread of its own (see pglite-thread.ts): it runs the statements the
 * server's thread sends, one at a time, while that thread goes on with HTTP, facets and JSON.
 */
const port = parentPort!;
const { dataDir, sharedBuffers, copyOf } = workerData as PGliteThreadData;
const post = (message: FromThread): void => port.postMessage(message);

/** What a database error carries (SQLSTATE code, detail, constraint…) as plain data. */
function toThreadError(err: unknown): ThreadError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), props: {} };
  const props: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    props[key] = value;
  }
  return { name: err.name, message: err.message, props };
}

let pg: PGlite;
try {
  pg = await newPGlite(dataDir, sharedBuffers, copyOf);
  post({ kind: 'ready' });
} catch (err) {
  post({ kind: 'failed', error: toThreadError(err) });
  process.exit(1);
}

const listeners = new Map<number, () => Promise<void>>();

port.on('message', (m: ToThread) => {
  void (async () => {
    try {
      switch (m.kind) {
        case 'query': {
          const r = await pg.query(m.sql, m.params);
          post({ kind: 'done', id: m.id, rows: r.rows, affectedRows: r.affectedRows });
          return;
        }
        case 'exec':
          await pg.exec(m.sql);
          post({ kind: 'done', id: m.id, rows: [] });
          return;
        case 'listen': {
          const stop = await pg.listen(m.channel, (payload) => post({ kind: 'notify', listenId: m.id, payload }));
          listeners.set(m.id, stop);
          post({ kind: 'done', id: m.id, rows: [] });
          return;
        }
        case 'unlisten':
          await listeners.get(m.listenId)?.();
          listeners.delete(m.listenId);
          post({ kind: 'done', id: m.id, rows: [] });
          return;
        case 'close':
          await pg.close();
          post({ kind: 'done', id: m.id, rows: [] });
          port.close();
          return;
      }
    } catch (err) {
      post({ kind: 'error', id: m.id, error: toThreadError(err) });
    }
  })();
});
