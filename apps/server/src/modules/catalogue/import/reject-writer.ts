import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import type { RecordSource } from '@openfind/marc';

/**
 * Writes what an import did not take: a report line per record (where and why) in
 * `<name>.rejects.txt`, and the raw bytes of binary records in `<name>.rejects.mrc` (a MARC file
 * that can be fixed and imported again). Files are created on the first reject only.
 */
export class RejectWriter {
  private report: WriteStream | undefined;
  private raw: WriteStream | undefined;
  count = 0;

  constructor(
    private readonly dir: string,
    private readonly file: string,
  ) {}

  /** Path of the report, once something was written. */
  get reportPath(): string | undefined {
    return this.report ? this.path('txt') : undefined;
  }

  private path(ext: string): string {
    return path.join(this.dir, `${path.basename(this.file)}.rejects.${ext}`);
  }

  /** Records one rejected or skipped record with its reason and its raw form. */
  write(source: RecordSource, reason: string, raw?: Uint8Array | string): void {
    this.count++;
    if (!this.report) {
      mkdirSync(this.dir, { recursive: true });
      this.report = createWriteStream(this.path('txt'));
    }
    const where = [
      `record ${source.index + 1}`,
      source.byteOffset !== undefined ? `byte ${source.byteOffset}` : '',
      source.line !== undefined ? `line ${source.line}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    this.report.write(`${where}: ${reason}\n`);
    if (typeof raw === 'string') {
      this.report.write(`${raw.replace(/^/gm, '    ')}\n`);
    } else if (raw && raw.length) {
      this.raw ??= createWriteStream(this.path('mrc'));
      this.raw.write(raw);
      this.report.write(`    (raw bytes appended to ${path.basename(this.path('mrc'))})\n`);
    }
  }

  /** Flushes and closes the files. */
  async close(): Promise<void> {
    const end = (s: WriteStream | undefined) => new Promise<void>((resolve) => (s ? s.end(resolve) : resolve()));
    await Promise.all([end(this.report), end(this.raw)]);
  }
}
