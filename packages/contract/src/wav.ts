/**
 * Writes mono or multi-channel float samples (clipped to ±1) as a 16-bit PCM RIFF/WAVE file: the
 * voice upload format the web recorder produces and the voice engine parses (tests and tools use
 * it too). Pure, no dependencies, so the browser and the engine share one writer.
 */
export function encodeWav16(channels: readonly Float32Array[], sampleRate: number): Uint8Array {
  const n = channels[0]?.length ?? 0;
  const k = channels.length;
  const buf = new Uint8Array(44 + n * k * 2);
  const v = new DataView(buf.buffer);
  const put = (at: number, s: string) => [...s].forEach((ch, i) => (buf[at + i] = ch.charCodeAt(0)));
  put(0, 'RIFF');
  v.setUint32(4, 36 + n * k * 2, true);
  put(8, 'WAVE');
  put(12, 'fmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, 1 /* PCM */, true);
  v.setUint16(22, k, true);
  v.setUint32(24, sampleRate, true);
  v.setUint32(28, sampleRate * k * 2, true);
  v.setUint16(32, k * 2, true);
  v.setUint16(34, 16, true);
  put(36, 'data');
  v.setUint32(40, n * k * 2, true);
  for (let i = 0; i < n; i++)
    for (let c = 0; c < k; c++) {
      const x = Math.max(-1, Math.min(1, channels[c]![i]!));
      v.setInt16(44 + (i * k + c) * 2, Math.round(x * 32767), true);
    }
  return buf;
}
