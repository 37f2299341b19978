// Buffered writes to a stream that respect backpressure. Output is joined as a string of UTF-8
// bytes (one character per byte: `utf8Bytes`), copied into a 64 KB chunk up to 16 KB at a time,
// and the chunk handed to the stream when full: a million-line `--json` run (2 GB) makes some
// thirty thousand write calls. Joining strings costs little per piece, and copying a string of
// bytes into a chunk is a plain copy, where the stream would otherwise encode each chunk's text
// to UTF-8 again; the JSON of the parts results share is encoded once (json-line.ts).
//
// Chunks live outside the JavaScript heap, and a dead one is freed only by a garbage collection,
// which a run that makes little garbage on the heap seldom does: fresh chunks piled up to 75 MB of
// a million-line run's peak memory. So a chunk is used again once the stream has called back for
// it, where the stream is one that has then let go of it (process.stdout: a file's writes are
// synchronous, a pipe's or terminal's callback comes when the bytes are out). Any other stream may
// still hold a chunk after its callback (a PassThrough keeps it until read) and gets fresh ones.
import type { Writable } from 'node:stream';
import { once } from 'node:events';

/** 64 KB: large enough that a write call costs little per line. */
const CHUNK_SIZE = 1 << 16;
/** Chunks kept for use again: more than the stream holds at once when it keeps up. */
const SPARE_CHUNKS = 4;
/** Output is joined as a string up to this many bytes, then copied into the chunk at once. */
const PENDING_LIMIT = 1 << 14;

/**
 * The UTF-8 bytes of a text as a string of one character per byte, for `encoded`. Kept output
 * is held this way rather than in Buffers: a string is freed by the collector as soon as it dies,
 * while a small Buffer is a slice of a shared 8 KB block that lives as long as any slice of it.
 */
export function utf8Bytes(text: string): string {
  return /^[\u0000-\u007f]*$/.test(text) ? text : Buffer.from(text).toString('latin1');
}

export class LineWriter {
  /** Output not yet copied into the chunk, one character per byte (`encoded`). */
  private pending = '';
  private chunk: Buffer;
  private used = 0;
  private readonly spare: Buffer[] = [];
  private readonly reuse: boolean;
  /** Chunks written and not yet called back for, when chunks are used again. */
  private outstanding = 0;
  private calledBack: (() => void) | null = null;

  constructor(private readonly out: Writable, private readonly chunkSize = CHUNK_SIZE) {
    this.chunk = Buffer.allocUnsafe(chunkSize);
    this.reuse = out === process.stdout;
  }

  /** Adds a line of text; when `full`, await `ready()` before adding more. */
  push(text: string): void {
    this.text(text);
    this.endLine();
  }

  /** Adds text (UTF-8) to the current line. */
  text(text: string): void {
    this.encoded(utf8Bytes(text));
  }

  /** Adds UTF-8 already encoded: a string of one character per byte (`utf8Bytes`). */
  encoded(bytes: string): void {
    this.pending += bytes;
    if (this.pending.length >= PENDING_LIMIT) this.copyPending();
  }

  endLine(): void {
    this.pending += '\n';
  }

  /**
   * True when the stream has asked to wait, or every chunk to use again is still with it (a
   * file's writes call back only on the next tick): await `ready()` before adding more.
   */
  get full(): boolean {
    return this.out.writableNeedDrain || this.outstanding >= SPARE_CHUNKS;
  }

  /** Waits, when `full`, until the stream can take more. */
  async ready(): Promise<void> {
    if (this.out.writableNeedDrain) await once(this.out, 'drain');
    while (this.outstanding >= SPARE_CHUNKS) await new Promise<void>((resolve) => { this.calledBack = resolve; });
  }

  /** Hands over everything buffered, and waits until the stream can take more. */
  async flush(): Promise<void> {
    this.copyPending();
    if (this.used > 0) this.hand();
    await this.ready();
  }

  /** Copies the pending bytes into the chunk, handing over each chunk that fills. */
  private copyPending(): void {
    let from = 0;
    const pending = this.pending;
    this.pending = '';
    while (from < pending.length) {
      if (this.used === this.chunk.length) this.hand();
      const n = this.chunk.write(from === 0 ? pending : pending.slice(from), this.used, 'latin1');
      this.used += n;
      from += n;
    }
  }

  /** Writes the chunk so far and starts a new one. */
  private hand(): void {
    const full = this.chunk;
    const ready = full.subarray(0, this.used);
    this.chunk = this.spare.pop() ?? Buffer.allocUnsafe(this.chunkSize);
    this.used = 0;
    if (!this.reuse) {
      this.out.write(ready);
      return;
    }
    this.outstanding++;
    this.out.write(ready, (error) => {
      this.outstanding--;
      if (!error && this.spare.length < SPARE_CHUNKS) this.spare.push(full);
      const resolve = this.calledBack;
      this.calledBack = null;
      resolve?.();
    });
  }
}
