/**
 * A RIFF/WAVE reader written for untrusted uploads: every length in the header is checked
 * against the bytes really present, so a header that lies about its size never reads past the
 * buffer. PCM 8/16/24/32-bit integer and 32/64-bit IEEE float, any channel count, plain or
 * WAVE_FORMAT_EXTENSIBLE.
 */
import type { EngineError } from '@tcm/contract';
import { fileReaderErrors } from '../common/engine-error.js';

/** Why a byte buffer is not a usable WAV file. */
export type WavProblem = 'not-wav' | 'no-format' | 'unsupported-encoding' | 'no-data' | 'bad-format';

/**
 * What `parseWav` throws: the engines' one error class, coded 4000004 (damaged file) with the
 * problem as its `kind` and the reader's words in `detail.reason`; engines map `kind` onto their
 * own codes.
 */
export type WavError = EngineError<WavProblem>;

const WAV_ERRORS = fileReaderErrors<WavProblem>([
  'not-wav',
  'no-format',
  'unsupported-encoding',
  'no-data',
  'bad-format',
]);
const wavError = WAV_ERRORS.refuse;

/** Whether `e` is the WAV reader's refusal (not another engine's error passing through). */
export const isWavError = WAV_ERRORS.is;

export interface WavAudio {
  /** Samples per second (Hz). */
  sampleRate: number;
  /** One array per channel, values scaled to [-1, 1). */
  channels: Float32Array[];
  bitsPerSample: number;
  encoding: 'pcm' | 'float';
  /** True when the header announced more data than the file holds (the rest was read). */
  truncated: boolean;
}

const FORMAT_PCM = 1;
const FORMAT_FLOAT = 3;
const FORMAT_EXTENSIBLE = 0xfffe;

const tag = (b: Uint8Array, at: number): string =>
  at + 4 <= b.length ? String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!) : '';

/** Parses a WAV byte buffer into float channels; throws a `WavError` on anything it cannot read. */
export function parseWav(bytes: Uint8Array): WavAudio {
  if (bytes.length < 12 || tag(bytes, 0) !== 'RIFF' || tag(bytes, 8) !== 'WAVE')
    throw wavError('not-wav', 'not a RIFF/WAVE file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fmt: { format: number; channels: number; rate: number; bits: number; blockAlign: number } | undefined;
  let dataAt = -1;
  let dataLen = 0;
  let truncated = false;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = tag(bytes, at);
    const declared = view.getUint32(at + 4, true);
    const body = at + 8;
    const available = bytes.length - body;
    const len = Math.min(declared, available);
    if (id === 'fmt ') {
      if (len < 16) throw wavError('bad-format', 'format chunk too short');
      let format = view.getUint16(body, true);
      const channels = view.getUint16(body + 2, true);
      const rate = view.getUint32(body + 4, true);
      const blockAlign = view.getUint16(body + 12, true);
      const bits = view.getUint16(body + 14, true);
      if (format === FORMAT_EXTENSIBLE && len >= 26) format = view.getUint16(body + 24, true);
      fmt = { format, channels, rate, bits, blockAlign };
    } else if (id === 'data') {
      dataAt = body;
      dataLen = len;
      // A streaming writer may leave 0 or 0xFFFFFFFF in the size: take what is there.
      if (declared > available) truncated = declared !== 0xffffffff && declared !== 0;
      if (declared === 0) dataLen = available;
      break;
    }
    // Chunks are padded to even sizes; a lying size simply ends the walk.
    at = body + len + (len & 1);
  }
  if (!fmt) throw wavError('no-format', 'no format chunk before the data');
  if (dataAt < 0) throw wavError('no-data', 'no data chunk');
  const { format, channels, rate, bits } = fmt;
  if (channels < 1 || channels > 32 || rate < 1)
    throw wavError('bad-format', `bad header: ${channels} channels, ${rate} Hz`);
  const isFloat = format === FORMAT_FLOAT;
  if (format !== FORMAT_PCM && !isFloat)
    throw wavError('unsupported-encoding', `encoding ${format} is not PCM or float`);
  if ((isFloat && bits !== 32 && bits !== 64) || (!isFloat && ![8, 16, 24, 32].includes(bits)))
    throw wavError('unsupported-encoding', `${bits}-bit ${isFloat ? 'float' : 'integer'} samples are not supported`);
  const bytesPerSample = bits / 8;
  const frameBytes = bytesPerSample * channels;
  const frames = Math.floor(dataLen / frameBytes);
  const out = Array.from({ length: channels }, () => new Float32Array(frames));
  if (!isFloat && bits === 16) {
    // The common case (16-bit PCM) in its own loop, without the per-sample format tests.
    for (let c = 0; c < channels; c++) {
      const o = out[c]!;
      for (let f = 0, p = dataAt + 2 * c; f < frames; f++, p += frameBytes) o[f] = view.getInt16(p, true) / 32768;
    }
    return { sampleRate: rate, channels: out, bitsPerSample: bits, encoding: 'pcm', truncated };
  }
  for (let f = 0; f < frames; f++) {
    for (let c = 0; c < channels; c++) {
      const p = dataAt + f * frameBytes + c * bytesPerSample;
      let v: number;
      if (isFloat) v = bits === 32 ? view.getFloat32(p, true) : view.getFloat64(p, true);
      else if (bits === 8) v = (bytes[p]! - 128) / 128;
      else if (bits === 16) v = view.getInt16(p, true) / 32768;
      else if (bits === 24) v = (((bytes[p + 2]! << 24) | (bytes[p + 1]! << 16) | (bytes[p]! << 8)) >> 8) / 8388608;
      else v = view.getInt32(p, true) / 2147483648;
      out[c]![f] = v;
    }
  }
  return { sampleRate: rate, channels: out, bitsPerSample: bits, encoding: isFloat ? 'float' : 'pcm', truncated };
}

// The 16-bit writer is a format detail of the voice upload, shared with the web recorder.
export { encodeWav16, encodeWavFloat32 } from '@tcm/contract/wav';
