/**
 * Upload burst (issue 25 item 7): `npm run -s bench:burst -w @tcm/server`. Starts the real server
 * (bench-server.ts) on 127.0.0.1, signs in the seeded member and leader, and sends BENCH_UPLOADS
 * (900) uploads, BENCH_CONCURRENCY (64) at a time — a tongue photo, a pulse CSV, or a malformed
 * file (truncated JPEG, random bytes) in turn — while a light request (the current user) goes
 * out every 50 ms. Prints the light request's p50/p99/max, the uploads' answers by status, and
 * the server's RSS (its own process plus its engine children, from /proc) before, at peak and
 * after. Extra server settings pass through (e.g. UPLOADS_IN_FLIGHT=0 for the code without the
 * gate). BENCH_BIG=1 makes every file nearly 10 MB (below).
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { FILE_PATHS, MAX_UPLOAD_BYTES, USER_PATHS } from '@tcm/contract';
import { processTree } from './bench-proc.js';
import { freePort, Server, signIn } from './bench-server.js';
import { DATA } from './bench-support.js';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 900);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
/**
 * BENCH_BIG=1: every file just under the upload limit (MAX_UPLOAD_BYTES), as the issue's burst had
 * to be measured: a real tongue photo enlarged and saved as a fine JPEG, a pulse recording
 * repeated to fill the size, that JPEG cut in half, and junk of the full size.
 */
const BIG = process.env.BENCH_BIG === '1';
const photo = readFileSync(join(DATA, 'tongue/images/TE0000458.jpg'));
const pulse = readFileSync(join(DATA, 'pulse/goda-ppg-125hz.csv'));

async function bigJpeg(): Promise<Buffer> {
  // An enlarged photo compresses too well to reach a camera file's size; sensor-like noise (a
  // fixed pseudo-random sequence) gives it a camera's detail. Sides shrink until it fits.
  for (let side = 7000; side >= 1000; side -= 300) {
    const { data, info } = await sharp(photo)
      .resize(side, side, { fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    let seed = 12345;
    for (let i = 0; i < data.length; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      data[i] = Math.max(0, Math.min(255, data[i]! + ((seed >>> 24) % 25) - 12));
    }
    const out = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .jpeg({ quality: 92 })
      .toBuffer();
    if (out.length < MAX_UPLOAD_BYTES) return out;
  }
  return photo;
}

function bigCsv(): Buffer {
  const text = pulse.toString('utf8');
  const [header, ...rows] = text.trimEnd().split('\n');
  const body: string[] = [header!];
  let size = header!.length;
  while (size < MAX_UPLOAD_BYTES * 0.9) {
    for (const r of rows) {
      body.push(r);
      size += r.length + 1;
      if (size >= MAX_UPLOAD_BYTES * 0.9) break;
    }
  }
  return Buffer.from(body.join('\n') + '\n');
}

async function files(): Promise<[Buffer, string, string][]> {
  const jpeg = BIG ? await bigJpeg() : photo;
  const csv = BIG ? bigCsv() : pulse;
  const junk = BIG ? MAX_UPLOAD_BYTES - 1024 : 4096;
  return [
    [jpeg, 'tongue.jpg', 'image/jpeg'],
    [csv, 'goda-ppg-125hz.csv', 'text/csv'],
    [jpeg.subarray(0, jpeg.length >> 1), 'cut.jpg', 'image/jpeg'],
    [Buffer.from(Array.from({ length: junk }, (_, i) => (i * 7919) & 255)), 'junk.png', 'image/png'],
  ];
}

/** RSS of a process and its children (the engine pool), MB. */
const rssMb = (pid: number) => processTree(pid).rssMb;

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

async function main() {
  const FILES = await files();
  console.log(
    `files: ${FILES.map(([b, n]) => `${n} ${(b.length / 1e6).toFixed(1)} MB`).join(', ')}${BIG ? ' (BENCH_BIG=1)' : ''}`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'tcm-bench-burst-'));
  const server = new Server(await freePort(), dataDir);
  await server.start();
  const pid = server.proc!.pid!;
  const tokens = [await signIn(server.base, 'member'), await signIn(server.base, 'leader')];
  await new Promise((r) => setTimeout(r, 3000));
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);

  const light: number[] = [];
  let stop = false;
  const lightLoop = (async () => {
    while (!stop) {
      const t0 = performance.now();
      await fetch(server.base + USER_PATHS.currentUser, { headers: { authorization: tokens[0]! } }).then(
        (r) => r.arrayBuffer(),
        () => undefined,
      );
      light.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();

  const answers = new Map<string, number>();
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (;;) {
        const i = next++;
        if (i >= UPLOADS) return;
        const [bytes, name, type] = FILES[i % FILES.length]!;
        const form = new FormData();
        form.append('file', new Blob([bytes], { type }), name);
        const status = await fetch(server.base + FILE_PATHS.upload, {
          method: 'POST',
          headers: { authorization: tokens[i % tokens.length]! },
          body: form,
        }).then(
          async (r) => (await r.arrayBuffer(), String(r.status)),
          (e: unknown) => `network error (${(e as { cause?: { code?: string } }).cause?.code ?? 'unknown'})`,
        );
        answers.set(status, (answers.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  stop = true;
  await lightLoop;
  await new Promise((r) => setTimeout(r, 5000));
  clearInterval(sampler);
  const after = rssMb(pid);
  await server.kill();
  rmSync(dataDir, { recursive: true, force: true });

  console.log(`bench:burst  uploads=${UPLOADS} concurrency=${CONCURRENCY}  ${seconds.toFixed(0)} s`);
  console.log(`uploads by status: ${JSON.stringify(Object.fromEntries([...answers].sort()))}`);
  console.log(
    `light request (${light.length}): p50 ${quantile(light, 0.5).toFixed(0)} ms, p99 ${quantile(light, 0.99).toFixed(0)} ms, max ${Math.max(...light).toFixed(0)} ms`,
  );
  console.log(
    `RSS (server + engine children): before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after 5 s ${after.toFixed(0)} MB`,
  );
}

await main();
