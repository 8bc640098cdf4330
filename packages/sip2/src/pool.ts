import type { Sip2Connection } from './connection.js';
import { Sip2ClosedError } from './errors.js';

type Waiter = { resolve: (connection: Sip2Connection) => void; reject: (error: unknown) => void };

/**
 * A few logged-in connections shared by concurrent calls. A connection is opened (and logged in)
 * only when a call needs one and fewer than `size` exist; one that dies (closed by the system,
 * broken, timed out) is dropped, and the next call opens a fresh one: that is how the pool
 * recovers once the system is back.
 */
export class Sip2Pool {
  readonly #size: number;
  readonly #open: () => Promise<Sip2Connection>;
  readonly #idle: Sip2Connection[] = [];
  readonly #busy = new Set<Sip2Connection>();
  readonly #waiters: Waiter[] = [];
  #opening = 0;
  #closed = false;

  /** `open` connects and logs in one new connection. */
  constructor(size: number, open: () => Promise<Sip2Connection>) {
    this.#size = size;
    this.#open = open;
  }

  /** Connections open now (idle and in use). */
  get openConnections(): number {
    return this.#idle.filter((connection) => connection.alive).length + this.#busy.size;
  }

  /** Runs `task` with a connection of its own, then gives the connection back (or drops it if it died). */
  async use<T>(task: (connection: Sip2Connection) => Promise<T>): Promise<T> {
    const connection = await this.#acquire();
    try {
      return await task(connection);
    } finally {
      this.#release(connection);
    }
  }

  /** Closes every connection; calls waiting for one, and every later call, fail with `Sip2ClosedError`. */
  close(): void {
    this.#closed = true;
    for (const waiter of this.#waiters.splice(0)) waiter.reject(new Sip2ClosedError());
    for (const connection of [...this.#idle.splice(0), ...this.#busy]) connection.destroy();
    this.#busy.clear();
  }

  #acquire(): Promise<Sip2Connection> {
    if (this.#closed) return Promise.reject(new Sip2ClosedError());
    return new Promise((resolve, reject) => {
      this.#waiters.push({ resolve, reject });
      this.#dispatch();
    });
  }

  #release(connection: Sip2Connection): void {
    if (!this.#busy.delete(connection)) return; // the pool was closed meanwhile
    if (connection.alive && !this.#closed) this.#idle.push(connection);
    else connection.destroy();
    this.#dispatch();
  }

  /** Hands idle connections to waiting calls, and opens new ones while below the size. */
  #dispatch(): void {
    while (this.#waiters.length > 0) {
      const idle = this.#takeIdle();
      if (idle) {
        this.#busy.add(idle);
        this.#waiters.shift()?.resolve(idle);
        continue;
      }
      if (this.#busy.size + this.#opening >= this.#size) return;
      const waiter = this.#waiters.shift();
      if (!waiter) return;
      this.#opening++;
      this.#open().then(
        (connection) => {
          this.#opening--;
          if (this.#closed) {
            connection.destroy();
            waiter.reject(new Sip2ClosedError());
            return;
          }
          connection.onClose(() => this.#forget(connection));
          this.#busy.add(connection);
          waiter.resolve(connection);
        },
        (error: unknown) => {
          this.#opening--;
          waiter.reject(error);
          // A slot is free again: let the next waiting call try for itself.
          this.#dispatch();
        },
      );
    }
  }

  #takeIdle(): Sip2Connection | undefined {
    for (let connection = this.#idle.pop(); connection; connection = this.#idle.pop()) {
      if (connection.alive) return connection;
    }
    return undefined;
  }

  /** A connection that died while idle leaves the pool at once. */
  #forget(connection: Sip2Connection): void {
    const at = this.#idle.indexOf(connection);
    if (at !== -1) this.#idle.splice(at, 1);
  }
}
