import { readFileSync } from 'node:fs';
import { encodeWav16, parseWav } from '../signal/index.js';
import { analyseVoice } from '../voice/index.js';
const data = new URL('../../../../../shared/data/', import.meta.url);
const parts = ['voice/north-wind-and-sun.wav', 'voice/sustained-a-118hz.wav'].map((p) => parseWav(new Uint8Array(readFileSync(new URL(p, data)))).channels[0]!);
const voice = new Float32Array(441000);
for (let i = 0, k = 0; i < voice.length; k++) { const part = parts[k % 2]!; const n = Math.min(part.length, voice.length - i); voice.set(part.subarray(0, n), i); i += n; }
const wav = encodeWav16([voice], 44100);
for (let i = 0; i < 10; i++) analyseVoice(wav);
const t: number[] = [];
for (let i = 0; i < 30; i++) { const a = performance.now(); analyseVoice(wav); t.push(performance.now() - a); }
t.sort((a, b) => a - b); console.log('median', t[15]!.toFixed(1));
