// Buffered writes to a stream that respect backpressure: a million-line run makes a few hundred
// write calls instead of a million, and never piles up more than one chunk in memory.
import type { Writable } from 'node:stream';
import { once } from 'node:events';

export class LineWriter {
  private buffer = '';
  constructor(private readonly out: Writable, private readonly chunkSize = 1 << 16) {}

  async line(text: string): Promise<void> {
    this.buffer += text + '\n';
    if (this.buffer.length >= this.chunkSize) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.buffer === '') return;
    const chunk = this.buffer;
    this.buffer = '';
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }
}
