import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './database.js';

/** The folder of forward-only SQL migrations, named NNNN_what.sql. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

const LOCK_KEY = 7_342_001; // advisory lock so that parallel starts migrate once

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
}

/**
 * Applies pending migrations in name order, each in its own transaction, under an advisory lock.
 * A migration that changed after it was applied stops the start: migrations are never edited.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
  return db.withSession(async (s) => {
    await s.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      await s.exec(`CREATE TABLE IF NOT EXISTS schema_migration (
        name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
      const done = new Map(
        (await s.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migration')).map((r) => [
          r.name,
          r.checksum,
        ]),
      );
      const applied: string[] = [];
      for (const file of files) {
        const text = readFileSync(`${dir}/${file}`, 'utf8');
        const checksum = createHash('sha256').update(text).digest('hex');
        const known = done.get(file);
        if (known !== undefined) {
          if (known !== checksum) {
            throw new Error(`migration ${file} was edited after it was applied; add a new migration instead`);
          }
          continue;
        }
        await s.exec('BEGIN');
        try {
          await s.exec(text);
          await s.query('INSERT INTO schema_migration (name, checksum) VALUES ($1, $2)', [file, checksum]);
          await s.exec('COMMIT');
        } catch (err) {
          await s.exec('ROLLBACK');
          throw new Error(`migration ${file} failed: ${(err as Error).message}`, { cause: err });
        }
        applied.push(file);
      }
      return { applied, alreadyApplied: done.size };
    } finally {
      await s.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  });
}
