/**
 * Progress of a long command: a live bar with rate and ETA on a terminal, a plain line every few
 * seconds otherwise (logs, CI).
 */
export class Progress {
  private readonly start = Date.now();
  private lastLine = 0;
  private readonly tty = process.stderr.isTTY === true;

  constructor(
    private readonly total: number | undefined,
    private readonly unit: string,
    private readonly label = '',
  ) {}

  /** Seconds since the start. */
  seconds(): number {
    return (Date.now() - this.start) / 1000;
  }

  /**
   * Reports `done` units so far; `fraction` (0-1) of the work done gives the ETA when the total
   * number of units is not known (an import knows its file's size, not its record count).
   */
  update(done: number, extra = '', fraction?: number): void {
    const now = Date.now();
    if (!this.tty && now - this.lastLine < 5000) return;
    this.lastLine = now;
    const rate = done / Math.max(this.seconds(), 0.001);
    const pct = this.total ? Math.min(1, done / this.total) : fraction;
    const eta =
      this.total && rate > 0
        ? Math.max(0, (this.total - done) / rate)
        : fraction && fraction > 0
          ? (this.seconds() * (1 - fraction)) / fraction
          : undefined;
    const parts = [
      this.label,
      this.total ? `${done}/${this.total} ${this.unit}` : `${done} ${this.unit}`,
      `${Math.round(rate)} ${this.unit}/s`,
      eta === undefined ? '' : `ETA ${formatDuration(eta)}`,
      extra,
    ].filter(Boolean);
    if (this.tty) {
      const width = 24;
      const bar = pct === undefined ? '' : `[${'#'.repeat(Math.round(pct * width)).padEnd(width, '.')}] `;
      process.stderr.write(`\r${bar}${parts.join('  ')}\u001b[K`);
    } else {
      process.stderr.write(`${parts.join('  ')}\n`);
    }
  }

  /** Ends the live line. */
  done(): void {
    if (this.tty) process.stderr.write('\n');
  }
}

function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
