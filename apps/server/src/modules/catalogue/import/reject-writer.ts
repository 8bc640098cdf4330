import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import type { RecordSource } from '@openfind/marc';

/**
 * Writes what an import did not take: a report line per record (where and why) in
 * `<name>.rejects.txt`, and the raw bytes of binary records in `<name>.rejects.mrc` (a MARC file
 * that can be fixed and imported again), and a line for each record stored with something left out
 * (an unsafe link). Files are created on the first line only.
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

  private open(): WriteStream {
    if (!this.report) {
      mkdirSync(this.dir, { recursive: true });
      this.report = createWriteStream(this.path('txt'));
    }
    return this.report;
  }

  private static where(source: RecordSource): string {
    return [
      `record ${source.index + 1}`,
      source.byteOffset !== undefined ? `byte ${source.byteOffset}` : '',
      source.line !== undefined ? `line ${source.line}` : '',
    ]
      .filter(Boolean)
      .join(', ');
  }

  /** Notes what was left out of or changed in a record that was stored (not counted as a reject). */
  note(source: RecordSource, text: string): void {
    this.open().write(`${RejectWriter.where(source)}: stored with a warning: ${text}\n`);
  }

  /** Records one rejected or skipped record with its reason and its raw form. */
  write(source: RecordSource, reason: string, raw?: Uint8Array | string): void {
    this.count++;
    const report = this.open();
    report.write(`${RejectWriter.where(source)}: ${reason}\n`);
    if (typeof raw === 'string') {
      report.write(`${raw.replace(/^/gm, '    ')}\n`);
    } else if (raw && raw.length) {
      this.raw ??= createWriteStream(this.path('mrc'));
      this.raw.write(raw);
      report.write(`    (raw bytes appended to ${path.basename(this.path('mrc'))})\n`);
    }
  }

  /** Flushes and closes the files. */
  async close(): Promise<void> {
    const end = (s: WriteStream | undefined) => new Promise<void>((resolve) => (s ? s.end(resolve) : resolve()));
    await Promise.all([end(this.report), end(this.raw)]);
  }
}
