import { Buffer } from 'node:buffer';

/** Where the document's bytes go: a web stream's controller or a Node response. */
export interface ByteOutput {
  /** One flush of React, the document so far. */
  write(chunk: Uint8Array): void;
  /** The last bytes, then the end; `first` tells that nothing was written before (the whole document). */
  end(chunk: Uint8Array, first: boolean): void;
  fail(error: unknown): void;
}

type Listener = () => void;

/**
 * What goes in front of the closing tags: one text, or several written one after another. Several
 * spare the concatenation of a large text (the bootstrap state) with the tags around it, which would
 * be copied whole once more when it is measured and written.
 */
export type SinkTail = string | readonly string[];

/** What the head text goes in front of: the first `</head>`. The tail goes in front of the closing tags. */
export const headEndText = '</head>';
export const closingTagsText = '</body></html>';
const closingTags = Buffer.from(closingTagsText);
const headEnd = Buffer.from(headEndText);

/**
 * Writes `text` (`textLength` bytes, its parts one after another) at `at`, moving `buffer[at, length)`
 * along to make room (an overlapping copy, which Buffer#copy handles); returns the new length.
 */
function insertAt(buffer: Buffer, length: number, at: number, text: SinkTail, textLength: number): number {
  buffer.copy(buffer, at + textLength, at, length);
  let offset = at;
  for (const part of typeof text === 'string' ? [text] : text) offset += buffer.write(part, offset);
  return length + textLength;
}

function byteLengthOf(text: SinkTail): number {
  if (typeof text === 'string') return Buffer.byteLength(text);
  let length = 0;
  for (const part of text) length += Buffer.byteLength(part);
  return length;
}

/** Whether `buffer[0, length)` ends with `</body></html>`. */
function endsWithClosing(buffer: Buffer, length: number): boolean {
  return length >= closingTags.length && buffer.compare(closingTags, 0, closingTags.length, length - closingTags.length, length) === 0;
}

/**
 * The writable that React's `pipe()` writes into. React writes what it flushes as many pieces of at
 * most 4 KB (and longer strings as they are), then calls `flush()`: the pieces of one flush leave as
 * one chunk, so a stream or a socket downstream handles a few large chunks instead of many small ones.
 * React sends the document's closing tags in its last flush, just before `end()`; the tail (the
 * bootstrap state and the client entry) is written in front of them. The head text (the module
 * preloads) goes in front of the first `</head>`, which React sends with the shell. A flush is sent at
 * once, unless the render is whole: React then ends in the same call, and the last pieces go out with
 * the tail as one chunk (the whole document, for a page that was ready when it was sent).
 */
export class HtmlSink {
  private pieces: (Uint8Array | string)[] = [];
  private output: ByteOutput | null = null;
  private ended = false;
  private finished = false;
  private written = false;
  private readonly closeListeners: Listener[] = [];

  /**
   * @param tail what goes in front of the closing tags, made when React ends.
   * @param head what goes in front of the first `</head>` (empty for nothing).
   * @param render whether React has rendered everything (its `onAllReady` came), after which the next
   *   flush is its last and `end()` follows it at once.
   */
  constructor(
    private readonly tail: () => SinkTail | Promise<SinkTail>,
    private head = '',
    private readonly render: { readonly whole: boolean } = { whole: false },
  ) {}

  /** Where the bytes go; set before React is piped into the sink. */
  attach(output: ByteOutput): void {
    this.output = output;
  }

  // ---- what React calls (a subset of a Node writable) ----

  write(chunk: Uint8Array | string): boolean {
    this.pieces.push(chunk);
    // Everything React writes is already in memory, so there is nothing to gain from making it wait.
    return true;
  }

  flush(): void {
    if (this.ended || this.pieces.length === 0 || this.render.whole) return;
    this.written = true;
    this.output?.write(this.join(''));
  }

  end(): void {
    // After the reader left (or a failure) there is nowhere to write to.
    if (this.finished) return;
    this.ended = true;
    const tail = this.tail();
    if (!(tail instanceof Promise)) this.finish(tail);
    else
      tail.then(
        (text) => this.finish(text),
        (error: unknown) => this.destroy(error),
      );
  }

  destroy(error: unknown): void {
    if (this.finished) return;
    this.ended = true;
    this.finished = true;
    this.pieces = [];
    this.output?.fail(error);
  }

  on(event: string, listener: Listener): this {
    // `drain` never comes (write() never asks to wait); `error` cannot happen without `close` too.
    if (event === 'close') this.closeListeners.push(listener);
    return this;
  }

  // ---- what the output calls ----

  /** The reader went away before the end: React stops rendering. */
  close(): void {
    if (this.finished) return;
    this.finished = true;
    this.pieces = [];
    if (this.ended) return;
    this.ended = true;
    for (const listener of this.closeListeners) listener();
  }

  /** Whether the last bytes went to the output, or it failed, or the reader left. */
  get done(): boolean {
    return this.finished;
  }

  private finish(tail: SinkTail): void {
    if (this.finished) return;
    const first = !this.written;
    this.written = true;
    this.finished = true;
    this.output?.end(this.join(tail), first);
  }

  /**
   * The pieces written since the last flush as one chunk, with the head text in front of the first
   * `</head>` (while it has not been placed) and `tail` in front of the closing tags.
   */
  private join(tail: SinkTail): Uint8Array {
    const pieces = this.pieces;
    this.pieces = [];
    const only = pieces[0];
    const tailLength = byteLengthOf(tail);
    if (pieces.length === 1 && tailLength === 0 && this.head === '' && typeof only !== 'string' && only !== undefined) return only;
    let length = 0;
    for (const piece of pieces) length += typeof piece === 'string' ? Buffer.byteLength(piece) : piece.byteLength;
    const headLength = byteLengthOf(this.head);
    const buffer = Buffer.allocUnsafe(length + headLength + tailLength);
    let offset = 0;
    for (const piece of pieces) {
      if (typeof piece === 'string') offset += buffer.write(piece, offset);
      else {
        buffer.set(piece, offset);
        offset += piece.byteLength;
      }
    }
    if (headLength > 0) {
      const at = buffer.indexOf(headEnd);
      // The buffer's room past `length` is not written yet: only a match wholly before it counts.
      if (at >= 0 && at + headEnd.length <= length) {
        length = insertAt(buffer, length, at, this.head, headLength);
        this.head = '';
      }
    }
    if (tailLength > 0)
      length = insertAt(buffer, length, endsWithClosing(buffer, length) ? length - closingTags.length : length, tail, tailLength);
    // Room was made for a head text that this flush had no `</head>` for.
    return length === buffer.length ? buffer : buffer.subarray(0, length);
  }
}
