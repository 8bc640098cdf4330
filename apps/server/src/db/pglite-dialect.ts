import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import type { EmbeddedPg } from './pglite-thread.js';

/** A FIFO lock: PGlite is a single session, so one user (query or transaction) holds it at a time. */
export class SessionLock {
  private tail: Promise<void> = Promise.resolve();

  /** Waits for the session and returns the function that releases it. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: EmbeddedPg) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pg.query<R>(query.sql, query.parameters as unknown[]);
    return {
      rows: result.rows,
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite');
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(
    pg: EmbeddedPg,
    private readonly lock: SessionLock,
  ) {
    this.connection = new PGliteConnection(pg);
  }

  async init(): Promise<void> {
    // The owner opens the database (see database.ts) before Kysely is made.
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.lock.acquire();
    // One connection object, so the release is kept per acquisition in order.
    const conn = Object.create(this.connection) as PGliteConnection;
    this.releases.set(conn, release);
    return conn;
  }

  async beginTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    this.releases.get(conn)?.();
    this.releases.delete(conn);
  }

  async destroy(): Promise<void> {
    // The owner closes PGlite (see database.ts) after Kysely is destroyed.
  }
}

/** Kysely dialect over the embedded database (in this thread or its own), serialising sessions with `lock`. */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly pg: EmbeddedPg,
    private readonly lock: SessionLock,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg, this.lock);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
