/**
 * Lagged products, the inner loop of every correlation search in the voice engine:
 * out[j] = sum_{k<n} x[a + k] * x[b + j + k] for j = 0..count-1. Five lags share each pass over
 * the window, their shifted samples rotating through locals, so a step loads two samples
 * instead of six; the lags left over go two and then one at a time. Reads x only inside
 * [a, a + n) and [b, b + count + n - 1).
 */
export function laggedProducts(
  x: Float64Array,
  a: number,
  b: number,
  n: number,
  count: number,
  out: Float64Array,
): void {
  let j = 0;
  for (; j + 5 <= count; j += 5) {
    const b0 = b + j;
    let p0 = 0;
    let p1 = 0;
    let p2 = 0;
    let p3 = 0;
    let p4 = 0;
    let y0 = x[b0]!;
    let y1 = x[b0 + 1]!;
    let y2 = x[b0 + 2]!;
    let y3 = x[b0 + 3]!;
    for (let k = 0; k < n; k++) {
      const v = x[a + k]!;
      const y4 = x[b0 + k + 4]!;
      p0 += v * y0;
      p1 += v * y1;
      p2 += v * y2;
      p3 += v * y3;
      p4 += v * y4;
      y0 = y1;
      y1 = y2;
      y2 = y3;
      y3 = y4;
    }
    out[j] = p0;
    out[j + 1] = p1;
    out[j + 2] = p2;
    out[j + 3] = p3;
    out[j + 4] = p4;
  }
  for (; j + 2 <= count; j += 2) {
    const b0 = b + j;
    let p0 = 0;
    let p1 = 0;
    let y0 = x[b0]!;
    for (let k = 0; k < n; k++) {
      const v = x[a + k]!;
      const y1 = x[b0 + k + 1]!;
      p0 += v * y0;
      p1 += v * y1;
      y0 = y1;
    }
    out[j] = p0;
    out[j + 1] = p1;
  }
  for (; j < count; j++) {
    let p = 0;
    const bj = b + j;
    for (let k = 0; k < n; k++) p += x[a + k]! * x[bj + k]!;
    out[j] = p;
  }
}
