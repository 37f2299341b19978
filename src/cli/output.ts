// Buffered writes to a stream that respect backpressure: a million-line run makes a few hundred
// write calls instead of a million, and holds at most about one chunk in memory.
import type { Writable } from 'node:stream';
import { once } from 'node:events';

export class LineWriter {
  private buffer = '';
  constructor(private readonly out: Writable, private readonly chunkSize = 1 << 16) {}

  /** Adds a line; call `drain()` now and then (each batch) to let it reach the stream. */
  push(text: string): void {
    this.buffer += text + '\n';
  }

  /** Writes the buffer once it holds a chunk, waiting when the stream is full. */
  async drain(): Promise<void> {
    if (this.buffer.length >= this.chunkSize) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.buffer === '') return;
    const chunk = this.buffer;
    this.buffer = '';
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }
}
