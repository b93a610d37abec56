/**
 * RIFF/WAVE header of `n` frames of `k` channels, `bytes` bytes per sample, `format` 1 (PCM) or
 * 3 (IEEE float); returns the view with the samples still to be written from byte 44.
 */
function wavWithHeader(n: number, k: number, sampleRate: number, bytes: number, format: 1 | 3): DataView {
  const buf = new Uint8Array(44 + n * k * bytes);
  const v = new DataView(buf.buffer);
  const put = (at: number, s: string) => [...s].forEach((ch, i) => (buf[at + i] = ch.charCodeAt(0)));
  put(0, 'RIFF');
  v.setUint32(4, 36 + n * k * bytes, true);
  put(8, 'WAVE');
  put(12, 'fmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, format, true);
  v.setUint16(22, k, true);
  v.setUint32(24, sampleRate, true);
  v.setUint32(28, sampleRate * k * bytes, true);
  v.setUint16(32, k * bytes, true);
  v.setUint16(34, 8 * bytes, true);
  put(36, 'data');
  v.setUint32(40, n * k * bytes, true);
  return v;
}

/**
 * Writes mono or multi-channel float samples (clipped to ±1) as a 16-bit PCM RIFF/WAVE file: the
 * voice upload format the web recorder produces and the voice engine parses (tests and tools use
 * it too). Pure, no dependencies, so the browser and the engine share one writer.
 */
export function encodeWav16(channels: readonly Float32Array[], sampleRate: number): Uint8Array {
  const n = channels[0]?.length ?? 0;
  const k = channels.length;
  const v = wavWithHeader(n, k, sampleRate, 2, 1);
  for (let i = 0; i < n; i++)
    for (let c = 0; c < k; c++) {
      const x = Math.max(-1, Math.min(1, channels[c]![i]!));
      v.setInt16(44 + (i * k + c) * 2, Math.round(x * 32767), true);
    }
  return new Uint8Array(v.buffer);
}

/** The same as a 32-bit float WAV (WAVE_FORMAT_IEEE_FLOAT), samples as they are (tests and tools). */
export function encodeWavFloat32(channels: readonly Float32Array[], sampleRate: number): Uint8Array {
  const n = channels[0]?.length ?? 0;
  const k = channels.length;
  const v = wavWithHeader(n, k, sampleRate, 4, 3);
  for (let i = 0; i < n; i++) for (let c = 0; c < k; c++) v.setFloat32(44 + (i * k + c) * 4, channels[c]![i]!, true);
  return new Uint8Array(v.buffer);
}
