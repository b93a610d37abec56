/**
 * `npm run -s bench:pulse-voice -w @tcm/analysis`: analysis time of the pulse engine on 60 s of
 * pulse at 500 Hz (BIDMC record 01 PPG, resampled) and of the voice engine on 10 s of speech
 * and vowel at 44.1 kHz (Praat's test sounds, concatenated). Prints the median wall and CPU time of
 * repeated runs (ms; the engines run on one thread); target <= 50 ms each.
 */
import { readFileSync } from 'node:fs';
import { analyzePulse, readPulseFile } from '../pulse/index.js';
import { encodeWav16, encodeWavFloat32, parseWav } from '../signal/index.js';
import { analyzeVoice } from '../voice/index.js';
import { median } from './clock.js';

const data = new URL('../../../../../shared/data/', import.meta.url);

interface Timing {
  wallMs: number;
  cpuMs: number;
}

/**
 * Median wall-clock and CPU (user + system) time of `runs` calls after `WARM_UP` calls: a server
 * worker analyses many recordings, so the steady state after V8 has optimized the code is the
 * figure that matters (the first calls run 2-3x slower while the JIT settles).
 */
const WARM_UP = 5;
function timeIt(f: () => void, runs: number): Timing {
  for (let i = 0; i < WARM_UP; i++) f(); // JIT, FFT tables, reused buffers
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    f();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { wallMs: median(wall), cpuMs: median(cpu) };
}

// Pulse: 60 s of real PPG, linearly resampled from 125 Hz to 500 Hz.
const ppg = readPulseFile(new Uint8Array(readFileSync(new URL('pulse/bidmc01.csv', data))), 'bidmc01.csv', {
  column: 'PLETH',
});
const src = ppg.channels[0]!.samples;
const up = new Float64Array(60 * 500);
for (let i = 0; i < up.length; i++) {
  const x = (i * ppg.rate) / 500;
  const k = Math.floor(x);
  up[i] = src[k]! + (x - k) * (src[k + 1]! - src[k]!);
}
const pulse = timeIt(() => analyzePulse({ rate: 500, channels: [{ samples: up }] }), 15);

// Voice: 10 s at 44.1 kHz from the two 44.1 kHz test sounds, repeated.
const parts = ['voice/north-wind-and-sun.wav', 'voice/sustained-a-118hz.wav'].map(
  (p) => parseWav(new Uint8Array(readFileSync(new URL(p, data)))).channels[0]!,
);
const voice = new Float32Array(441000);
for (let i = 0, k = 0; i < voice.length; k++) {
  const part = parts[k % 2]!;
  voice.set(part.subarray(0, Math.min(part.length, voice.length - i)), i);
  i += part.length;
}
const wav = encodeWav16([voice], 44100);
const voice10 = timeIt(() => analyzeVoice(wav), 15);

// The same 10 s as a 192 kHz float file (sample-and-hold upsampling is enough for timing): the
// engine first decimates it to 48 kHz (docs/voice.md, "Sample rates").
const hi = new Float32Array(1920000);
for (let i = 0; i < hi.length; i++) hi[i] = voice[Math.floor((i * 44100) / 192000)]!;
const wav192 = encodeWavFloat32([hi], 192000);
const voice192 = timeIt(() => analyzeVoice(wav192), 7);

// CPU time is printed beside wall time because a shared machine inflates the wall clock.
const line = (what: string, t: Timing, runs: number) =>
  console.log(
    `${what}: ${t.wallMs.toFixed(1)} ms wall, ${t.cpuMs.toFixed(1)} ms CPU (median of ${runs}; target <= 50 ms)`,
  );
line('pulse, 60 s at 500 Hz', pulse, 15);
line('voice, 10 s at 44.1 kHz', voice10, 15);
line('voice, 10 s at 192 kHz float', voice192, 7);
