// A progress line on stderr for long fleet files, drawn only when stderr is a terminal.
import type { Readable } from 'node:stream';

export class Progress {
  private rows = 0;
  private lastDraw = 0;
  private readonly started = Date.now();

  constructor(private readonly totalBytes: number, private readonly input: Readable) {}

  tick(): void {
    this.rows++;
    if ((this.rows & 1023) !== 0) return;
    const now = Date.now();
    if (now - this.lastDraw < 200) return;
    this.lastDraw = now;
    const read = (this.input as Readable & { bytesRead?: number }).bytesRead ?? 0;
    const share = this.totalBytes > 0 ? Math.min(1, read / this.totalBytes) : 0;
    const width = 30;
    const bar = '#'.repeat(Math.round(share * width)).padEnd(width, '.');
    const rate = Math.round(this.rows / Math.max(0.001, (now - this.started) / 1000));
    process.stderr.write(`\r[${bar}] ${(share * 100).toFixed(0).padStart(3)}%  ${this.rows.toLocaleString('en')} rows  ${rate.toLocaleString('en')}/s`);
  }

  done(): void {
    if (this.rows >= 1024) process.stderr.write(`\r${' '.repeat(80)}\r`);
  }
}
