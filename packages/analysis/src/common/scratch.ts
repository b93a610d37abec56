// Scratch typed arrays for one analysis. The tongue features allocate some forty planes of the
// 256 px crop per photo; as fresh ArrayBuffers they are external memory to V8, which answers
// their churn with a full mark-compact on nearly every photo. A Scratch hands out zero-filled
// views on buffers kept from earlier analyses instead. Everything taken from one Scratch is
// valid until its release: nothing taken may outlive the call that owns it.

export interface Alloc {
  f32(n: number): Float32Array;
  f64(n: number): Float64Array;
  i32(n: number): Int32Array;
  u8(n: number): Uint8Array;
  u16(n: number): Uint16Array;
}

/** Plain allocation: what callers without a Scratch get. */
export const HEAP: Alloc = {
  f32: (n) => new Float32Array(n),
  f64: (n) => new Float64Array(n),
  i32: (n) => new Int32Array(n),
  u8: (n) => new Uint8Array(n),
  u16: (n) => new Uint16Array(n),
};

/** Buffers are kept in power-of-two size classes so that photos of other sizes reuse them. */
const sizeClass = (bytes: number) => 2 ** Math.ceil(Math.log2(Math.max(64, bytes)));

export class Scratch implements Alloc {
  private readonly free = new Map<number, ArrayBuffer[]>();
  private lent: ArrayBuffer[] = [];

  private take(bytes: number): ArrayBuffer {
    const size = sizeClass(bytes);
    const buf = this.free.get(size)?.pop() ?? new ArrayBuffer(size);
    new Uint8Array(buf, 0, bytes).fill(0);
    this.lent.push(buf);
    return buf;
  }

  f32 = (n: number) => new Float32Array(this.take(4 * n), 0, n);
  f64 = (n: number) => new Float64Array(this.take(8 * n), 0, n);
  i32 = (n: number) => new Int32Array(this.take(4 * n), 0, n);
  u8 = (n: number) => new Uint8Array(this.take(n), 0, n);
  u16 = (n: number) => new Uint16Array(this.take(2 * n), 0, n);

  /** Takes back everything lent: the views handed out must no longer be used. */
  release(): void {
    for (const buf of this.lent) {
      const list = this.free.get(buf.byteLength);
      if (list) list.push(buf);
      else this.free.set(buf.byteLength, [buf]);
    }
    this.lent = [];
  }
}

/** Idle scratches: concurrent analyses (awaiting a network run) each get their own. */
const idle: Scratch[] = [];
const MAX_IDLE = 4;

/** Runs `f` with a Scratch of its own and takes everything back when it settles. */
export async function withScratch<T>(f: (s: Scratch) => Promise<T>): Promise<T> {
  const s = idle.pop() ?? new Scratch();
  try {
    return await f(s);
  } finally {
    s.release();
    if (idle.length < MAX_IDLE) idle.push(s);
  }
}
