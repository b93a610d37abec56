// The progress of a batch on standard error, so that standard output stays one JSON line per
// file. On a terminal one line is rewritten in place (at most four times a second); into a file
// or a pipe a line is written every `every` files, so a log of a long run stays short.

export interface ProgressSink {
  write(text: string): void;
  /** A terminal: the line is redrawn with a carriage return. */
  isTTY?: boolean;
}

export class Progress {
  private done = 0;
  private failed = 0;
  private readonly started = Date.now();
  private lastDraw = 0;

  constructor(
    private readonly label: string,
    private readonly sink: ProgressSink = process.stderr,
    private readonly every = 100,
  ) {}

  private line(): string {
    const seconds = (Date.now() - this.started) / 1000;
    const rate = seconds > 0 ? this.done / seconds : 0;
    return `${this.label}: ${this.done} files, ${this.done - this.failed} ok, ${this.failed} failed, ${seconds.toFixed(1)} s (${rate.toFixed(1)} files/s)`;
  }

  /** Counts one file analyzed. */
  tick(ok: boolean): void {
    this.done++;
    if (!ok) this.failed++;
    if (this.sink.isTTY) {
      const now = Date.now();
      if (now - this.lastDraw < 250) return;
      this.lastDraw = now;
      this.sink.write(`\r${this.line()}\x1b[K`);
    } else if (this.done % this.every === 0) this.sink.write(`${this.line()}\n`);
  }

  /** The summary: the same counts, marked done, on a line of its own. */
  finish(): void {
    this.sink.write(this.sink.isTTY ? `\r${this.line()}, done\x1b[K\n` : `${this.line()}, done\n`);
  }
}
