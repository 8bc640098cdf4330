import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../lib/module-worker.js';

/** What the server needs of the embedded database, in this thread or in its own. */
export interface EmbeddedPg {
  query<T>(sql: string, params?: unknown[]): Promise<Answer<T>>;
  exec(sql: string): Promise<void>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Where the thread's database lives. */
export interface PGliteThreadData {
  dataDir: string | undefined;
  sharedBuffers: string;
  /** In memory, a copy of the data folder dumped to this file (pglite-open.ts). */
  copyOf?: string | undefined;
}

/** A database error as it crosses between threads. */
export interface ThreadError {
  name: string;
  message: string;
  props: Record<string, unknown>;
}

export type ToThread =
  | { kind: 'query'; id: number; sql: string; params: unknown[] | undefined }
  | { kind: 'exec'; id: number; sql: string }
  | { kind: 'listen'; id: number; channel: string }
  | { kind: 'unlisten'; id: number; listenId: number }
  | { kind: 'close'; id: number };

/** A statement's answer. */
export interface Answer<T = unknown> {
  rows: T[];
  affectedRows?: number | undefined;
}

export type FromThread =
  | { kind: 'ready' }
  | { kind: 'failed'; error: ThreadError }
  | ({ kind: 'done'; id: number } & Answer)
  | { kind: 'error'; id: number; error: ThreadError }
  | { kind: 'notify'; listenId: number; payload: string };

/** A request before it is numbered. */
type Request = ToThread extends infer T ? (T extends { id: number } ? Omit<T, 'id'> : never) : never;

function toError(e: ThreadError): Error {
  return Object.assign(new Error(e.message), { name: e.name }, e.props);
}

/**
 * PGlite in a worker thread. The embedded database is WebAssembly that runs on the thread that
 * calls it: in the server's own thread, every statement stops HTTP, facet counting and JSON for its
 * whole length. In a thread of its own it uses the second core while the server's thread goes on.
 * Statements and rows cross by structured clone (dates, arrays and byte arrays keep their types).
 */
export class PGliteThread implements EmbeddedPg {
  private readonly pending = new Map<number, { resolve: (m: Answer) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private nextId = 1;
  private failure: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: FromThread) => {
      if (m.kind === 'notify') {
        this.listeners.get(m.listenId)?.(m.payload);
        return;
      }
      if (m.kind !== 'done' && m.kind !== 'error') return;
      const call = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.kind === 'error') call?.reject(toError(m.error));
      else call?.resolve(m);
    });
    const fail = (err: Error) => {
      this.failure = err;
      for (const call of this.pending.values()) call.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the embedded database thread stopped (exit code ${code})`)));
  }

  /** Starts the thread and waits until the database is open. */
  static async start(data: PGliteThreadData): Promise<PGliteThread> {
    const worker = startModuleWorker(import.meta.url, 'pglite-worker', data);
    await new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        worker.off('message', onMessage);
        worker.off('error', settle);
        worker.off('exit', onExit);
        if (error) reject(error);
        else resolve();
      };
      const onMessage = (m: FromThread) => {
        if (m.kind === 'ready') settle();
        else if (m.kind === 'failed') settle(toError(m.error));
      };
      const onExit = (code: number) =>
        settle(new Error(`the embedded database thread stopped while opening (exit code ${code})`));
      worker.on('message', onMessage);
      worker.on('error', settle);
      worker.on('exit', onExit);
    });
    return new PGliteThread(worker);
  }

  private call(message: Request, id = this.nextId++): Promise<Answer> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  async query<T>(sql: string, params?: unknown[]): Promise<Answer<T>> {
    return (await this.call({ kind: 'query', sql, params })) as Answer<T>;
  }

  async exec(sql: string): Promise<void> {
    await this.call({ kind: 'exec', sql });
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    // The listen request's own number names the listener in the notifications.
    const listenId = this.nextId++;
    this.listeners.set(listenId, onPayload);
    try {
      await this.call({ kind: 'listen', channel }, listenId);
    } catch (err) {
      this.listeners.delete(listenId);
      throw err;
    }
    return async () => {
      this.listeners.delete(listenId);
      await this.call({ kind: 'unlisten', listenId });
    };
  }

  async close(): Promise<void> {
    if (this.failure) return;
    await this.call({ kind: 'close' });
    await this.worker.terminate();
  }
}
