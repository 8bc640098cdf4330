import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Thrown when another live process holds the embedded database folder. */
export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the embedded database folder for this process. PGlite is single-process: a second
 * process opening the same folder would corrupt it, so it is refused with a clear message.
 * Returns the function that releases the folder.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'openfind.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      const release = () => {
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
        process.off('exit', release);
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirBusyError(
          `the embedded database in ${dataDir} is in use by process ${pid}. ` +
            'Stop that OpenFind process first, or use PostgreSQL (DATABASE_URL) to run several.',
        );
      }
      unlinkSync(file); // left by a process that died
    }
  }
  throw new DataDirBusyError(`could not lock ${dataDir}`);
}
