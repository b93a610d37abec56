/**
 * Fuzz run (issue 25 item 7): `npm run -s bench:fuzz -w @tcm/server`. Starts the real server
 * (bench-server.ts) on 127.0.0.1 with a private TMPDIR, signs in as the seeded member, and sends
 * BENCH_FUZZ_CASES (10,000) malformed requests, BENCH_CONCURRENCY (4) at a time, drawn in turn
 * from the generators below with a fixed seed (BENCH_SEED, 1): truncated images, audio and pulse
 * files, wrong magic bytes, huge dimensions (a PNG claiming 60000×60000, a JPEG claiming
 * 65500×65500, a BMP claiming 60000×−60000), lying WAV and multipart headers, NaN and infinities,
 * deep JSON — to the upload, capture check, record create and sign-in form endpoints. Prints the
 * counts by endpoint and status and every 5xx (case and answer); fails (exit 1) on any 5xx, a
 * dead server, or a file left in the storage or temp folders beyond the uploads that got a 2xx
 * and the tongue masks of the records the run created.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { AUTH_PATHS, FILE_PATHS, RECORD_PATHS } from '@tcm/contract';
import { freePort, Server, signIn, upload } from './bench-server.js';
import { DATA } from './bench-support.js';

const CASES = Number(process.env.BENCH_FUZZ_CASES ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
let seed = Number(process.env.BENCH_SEED ?? 1);
const CLIENT = `Basic ${Buffer.from('tcm-web:tcm-web-secret').toString('base64')}`;

/** mulberry32: the same cases on every run with the same seed. */
function rand(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (n: number) => Math.floor(rand() * n);
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
const randomBytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(256)));

interface Case {
  name: string;
  endpoint: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer | string;
}

// --- samples -------------------------------------------------------------------------------
const jpeg = readFileSync(join(DATA, 'tongue/images/TE0000458.jpg'));
const wav = readFileSync(join(DATA, 'voice/sustained-a-118hz.wav'));
const csv = readFileSync(join(DATA, 'pulse/goda-ppg-125hz.csv'));
const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c86464' } })
  .png()
  .toBuffer();

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(b: Buffer): number {
  let c = 0xffffffff;
  for (const x of b) c = CRC_TABLE[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
/** A valid PNG header claiming `w`×`h`, with a tiny (wrong) image body. */
function hugePng(w: number, h: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    png.subarray(0, 8),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', randomBytes(32)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
/** The JPEG with its frame header's height and width rewritten. */
function hugeJpeg(w: number, h: number): Buffer {
  const b = Buffer.from(jpeg);
  for (let i = 2; i < b.length - 9; i++) {
    if (b[i] === 0xff && b[i + 1]! >= 0xc0 && b[i + 1]! <= 0xc2) {
      b.writeUInt16BE(h, i + 5);
      b.writeUInt16BE(w, i + 7);
      break;
    }
  }
  return b;
}
function bmp(w: number, h: number, bpp: number, body: number): Buffer {
  const b = Buffer.alloc(54 + body);
  b.write('BM', 0, 'ascii');
  b.writeUInt32LE(b.length, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(w, 18);
  b.writeInt32LE(h, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(bpp, 28);
  return b;
}
function lyingWav(): Buffer {
  const b = Buffer.from(wav.subarray(0, 44 + int(4000)));
  const field = pick(['channels', 'rate', 'bits', 'size', 'fmtsize', 'riffsize'] as const);
  if (field === 'channels') b.writeUInt16LE(pick([0, 255, 65535]), 22);
  if (field === 'rate') b.writeUInt32LE(pick([0, 1, 0xffffffff]), 24);
  if (field === 'bits') b.writeUInt16LE(pick([0, 3, 7, 64, 65535]), 34);
  if (field === 'size') b.writeUInt32LE(0xffffffff, 40);
  if (field === 'fmtsize') b.writeUInt32LE(pick([0, 2, 0xfffffff0]), 16);
  if (field === 'riffsize') b.writeUInt32LE(pick([0, 0xffffffff]), 4);
  return b;
}
const deep = (n: number, open = '[', close = ']') => open.repeat(n) + close.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

function multipart(
  parts: { field: string; filename?: string; type?: string; data: Buffer | string }[],
  boundary = `fuzz${int(1e9)}`,
): { body: Buffer; type: string } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = p.filename !== undefined ? `; filename="${p.filename}"` : '';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"${disp}\r\n` +
          (p.type ? `Content-Type: ${p.type}\r\n` : '') +
          '\r\n',
      ),
      Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

// --- generators ----------------------------------------------------------------------------
type Gen = (ctx: { fileIds: string[] }) => Case;
const truncate = (b: Buffer) => b.subarray(0, int(b.length));
const NAMES = ['a.jpg', 'a.png', 'a.bmp', 'a.wav', 'a.csv', 'a.json', 'a.gif', 'a', '.jpg', 'a.JPG'];
const TYPES = ['image/jpeg', 'image/png', 'image/bmp', 'audio/wav', 'text/csv', 'application/json', 'text/plain'];

const uploadOf = (name: string, data: Buffer | string, filename = pick(NAMES), type = pick(TYPES)): Case => {
  const m = multipart([{ field: 'file', filename, type, data }]);
  return { name, endpoint: 'upload', path: FILE_PATHS.upload, headers: { 'content-type': m.type }, body: m.body };
};
const json = (name: string, endpoint: string, path: string, body: string): Case => ({
  name,
  endpoint,
  path,
  headers: { 'content-type': 'application/json' },
  body,
});
const uuid = () =>
  [8, 4, 4, 4, 12].map((n) => Array.from({ length: n }, () => '0123456789abcdef'[int(16)]).join('')).join('-');

const GENERATORS: Gen[] = [
  () => uploadOf('truncated jpeg', truncate(jpeg), 'a.jpg', 'image/jpeg'),
  () => uploadOf('truncated png', truncate(png), 'a.png', 'image/png'),
  () => uploadOf('truncated wav', truncate(wav), 'a.wav', 'audio/wav'),
  () => uploadOf('truncated csv', truncate(csv), 'a.csv', 'text/csv'),
  () => uploadOf('png claiming 60000x60000', hugePng(60000, 60000), 'a.png', 'image/png'),
  () => uploadOf('png claiming huge dims', hugePng(pick([0, 1, 0x7fffffff, 0xffffffff]), int(70000)), 'a.png'),
  () => uploadOf('jpeg claiming 65500x65500', hugeJpeg(65500, 65500), 'a.jpg', 'image/jpeg'),
  () => uploadOf('jpeg claiming 0 height', hugeJpeg(640, 0), 'a.jpg', 'image/jpeg'),
  () => uploadOf('bmp claiming 60000x-60000', bmp(60000, -60000, 24, int(200)), 'a.bmp', 'image/bmp'),
  () =>
    uploadOf('bmp odd header', bmp(int(5000) - 10, int(5000) - 10, pick([0, 1, 7, 24, 32, 99]), int(2000)), 'a.bmp'),
  () => uploadOf('lying wav header', lyingWav(), 'a.wav', 'audio/wav'),
  () => uploadOf('wrong magic', randomBytes(int(4096)), pick(NAMES), pick(TYPES)),
  () =>
    uploadOf('image magic then junk', Buffer.concat([pick([jpeg, png, wav]).subarray(0, 16), randomBytes(int(2048))])),
  () => uploadOf('lying type: text as png', 'hello, not an image', 'a.png', 'image/png'),
  () =>
    uploadOf(
      'pulse csv NaN/Infinity',
      Array.from({ length: 50 + int(500) }, () => pick(['NaN', 'Infinity', '-Infinity', '1e999', 'x', '', '0'])).join(
        pick(['\n', ',', ';']),
      ),
      'a.csv',
      'text/csv',
    ),
  () => uploadOf('pulse csv one long line', '1,'.repeat(200_000 + int(200_000)), 'a.csv', 'text/csv'),
  () =>
    uploadOf(
      'pulse json lies',
      pick([
        '{"samples":[NaN]}',
        '{"rate":-1,"samples":[1,2,3]}',
        '{"rateHz":1e400,"samples":[]}',
        '{"samples":"x"}',
        deep(50_000),
        deepObject(20_000),
        '[]',
        'null',
      ]),
      'a.json',
      'application/json',
    ),
  () => {
    const m = multipart([{ field: 'file', filename: 'a.jpg', type: 'image/jpeg', data: jpeg }]);
    return {
      name: 'truncated multipart',
      endpoint: 'upload',
      path: FILE_PATHS.upload,
      headers: { 'content-type': m.type },
      body: truncate(m.body),
    };
  },
  () => ({
    name: 'multipart without boundary',
    endpoint: 'upload',
    path: FILE_PATHS.upload,
    headers: { 'content-type': pick(['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/mixed']) },
    body: randomBytes(int(1024)),
  }),
  () => {
    const m = multipart([
      { field: 'file', filename: 'a.jpg', type: 'image/jpeg', data: truncate(jpeg) },
      { field: 'file', filename: 'b.wav', type: 'audio/wav', data: truncate(wav) },
      { field: 'x'.repeat(int(3000)), data: 'y'.repeat(int(3000)) },
    ]);
    return {
      name: 'two files, long field',
      endpoint: 'upload',
      path: FILE_PATHS.upload,
      headers: { 'content-type': m.type },
      body: m.body,
    };
  },
  ({ fileIds }) =>
    json(
      'check: wrong slot or file',
      'check',
      RECORD_PATHS.check,
      JSON.stringify({
        slot: pick(['tongue', 'face', 'pulse', 'voice', 'x', 1]),
        fileId: pick([...fileIds, uuid(), 'x', '']),
      }),
    ),
  () => json('check: deep json', 'check', RECORD_PATHS.check, pick([deep(100_000), deepObject(50_000)])),
  () => json('check: NaN literal', 'check', RECORD_PATHS.check, '{"slot":"pulse","fileId":NaN}'),
  ({ fileIds }) =>
    json(
      'create: lying files',
      'create',
      RECORD_PATHS.create,
      JSON.stringify({ files: { [pick(['tongue', 'face', 'pulse', 'voice'])]: pick([...fileIds, uuid()]) } }),
    ),
  () =>
    json(
      'create: vitals out of range',
      'create',
      RECORD_PATHS.create,
      JSON.stringify({
        vitals: {
          heightCm: pick([1e308, -1, 0, 'x', null, 170]),
          weightKg: pick([1e308, -5, 0, 70]),
          systolic: pick([1e308, 0, 120]),
          diastolic: pick([-1, 80]),
        },
      }),
    ),
  () => json('create: NaN literal', 'create', RECORD_PATHS.create, '{"vitals":{"heightCm":NaN,"weightKg":Infinity}}'),
  () =>
    json(
      'create: deep json',
      'create',
      RECORD_PATHS.create,
      pick([
        `{"person":${deep(100_000)}}`,
        `{"inquiry":${deepObject(50_000)}}`,
        `{"inquiry":{"answers":${deepObject(5000)}}}`,
      ]),
    ),
  () =>
    json(
      'create: inquiry junk',
      'create',
      RECORD_PATHS.create,
      JSON.stringify({
        inquiry: {
          answers: Object.fromEntries(
            Array.from({ length: int(3000) }, (_, i) => [`q${i}`, pick([1, 99, -1, 'x', null, 1.5])]),
          ),
        },
      }),
    ),
  () =>
    json(
      'create: truncated json',
      'create',
      RECORD_PATHS.create,
      truncate(
        Buffer.from(JSON.stringify({ vitals: { heightCm: 170, weightKg: 70 }, person: { name: 'x' } })),
      ).toString(),
    ),
  () => ({
    name: 'sign-in form junk',
    endpoint: 'signin form',
    path: AUTH_PATHS.entranceSignin('member'),
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: CLIENT },
    body: pick([
      `loginName=${'a'.repeat(int(100_000))}&loginPassword=x`,
      `loginName[a][b][c]=1&loginPassword=NaN`,
      `${'a[b]'.repeat(int(5000))}=1`,
      '%%%%',
      `loginName=u${int(1e9)}&loginPassword=${encodeURIComponent(randomBytes(64).toString('latin1'))}`,
      'loginName=&loginPassword=',
    ]),
  }),
];

// --- run -----------------------------------------------------------------------------------
function listFiles(dir: string): Set<string> {
  const out = new Set<string>();
  const walk = (d: string) => {
    let entries: string[];
    try {
      entries = readdirSync(d);
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else out.add(p);
    }
  };
  walk(dir);
  return out;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tcm-bench-fuzz-'));
  const serverTmp = mkdtempSync(join(tmpdir(), 'tcm-bench-fuzz-tmp-'));
  const server = new Server(await freePort(), dataDir, { TMPDIR: serverTmp, PUBLIC_UPLOADS_PER_MIN: '0' });
  console.log(`bench:fuzz  cases=${CASES} concurrency=${CONCURRENCY} seed=${seed}`);
  await server.start();
  const auth = await signIn(server.base);
  // Real uploads of each kind, so that cases can name files that exist (of the wrong kind, too).
  const fileIds = [
    await upload(server.base, auth, new Uint8Array(jpeg), 'a.jpg', 'image/jpeg'),
    await upload(server.base, auth, new Uint8Array(wav), 'sustained-a-118hz.wav', 'audio/wav'),
    await upload(server.base, auth, new Uint8Array(csv), 'goda-ppg-125hz.csv', 'text/csv'),
  ];
  const storage = join(dataDir, 'files');
  const before = { storage: listFiles(storage), tmp: listFiles(serverTmp) };

  const counts = new Map<string, number>();
  const fivexx: string[] = [];
  let accepted = 0;
  const created: string[] = [];
  let next = 0;
  const t0 = performance.now();
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= CASES) return;
      const c = GENERATORS[i % GENERATORS.length]!({ fileIds });
      let status: number | string;
      let text = '';
      try {
        const res = await fetch(server.base + c.path, {
          method: 'POST',
          headers: { authorization: auth, ...c.headers },
          body: c.body,
        });
        status = res.status;
        text = await res.text();
      } catch (e) {
        status = `network error (${(e as { cause?: { code?: string } }).cause?.code ?? String(e)})`;
      }
      const key = `${c.endpoint.padEnd(12)} ${status}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (c.endpoint === 'upload' && typeof status === 'number' && status < 300) accepted++;
      if (c.endpoint === 'create' && status === 200)
        created.push((JSON.parse(text) as { data: { recordId: string } }).data.recordId);
      if (typeof status !== 'number' || status >= 500) fivexx.push(`#${i} ${c.name}: ${status} ${text.slice(0, 300)}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - t0) / 1000;

  // Records a case created legitimately run their analysis, which stores a tongue mask PNG for
  // a tongue photo: wait for them and count those as expected files.
  let masks = 0;
  for (const id of created) {
    for (let tries = 0; tries < 240; tries++) {
      const res = await fetch(server.base + RECORD_PATHS.detail(id), { headers: { authorization: auth } });
      const d = ((await res.json()) as { data?: { status: string; tongueMaskUrl: string | null } }).data;
      if (!d || d.status === 'done' || d.status === 'failed') {
        if (d?.tongueMaskUrl) masks++;
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  const alive =
    server.proc?.exitCode === null &&
    (await fetch(`${server.base}/backend/docs/json`).then(
      (r) => r.ok,
      () => false,
    ));
  // Decodes finish after the answer in no case, but give a slow machine's storage a moment.
  await new Promise((r) => setTimeout(r, 1000));
  const after = { storage: listFiles(storage), tmp: listFiles(serverTmp) };
  const newStored = [...after.storage].filter((f) => !before.storage.has(f)).length;
  const newTmp = [...after.tmp].filter((f) => !before.tmp.has(f));
  await server.kill().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(serverTmp, { recursive: true, force: true });

  console.log(`${CASES} cases in ${seconds.toFixed(0)} s; answers by endpoint and status:`);
  for (const [k, n] of [...counts].sort()) console.log(`  ${k}  ${n}`);
  console.log(
    `uploads accepted (2xx): ${accepted}; tongue masks of created records: ${masks}; new stored files: ${newStored}; files left in TMPDIR: ${newTmp.length}`,
  );
  console.log(`server alive at the end: ${alive}; 5xx or no answer: ${fivexx.length}`);
  for (const line of fivexx.slice(0, 40)) console.log(`  ${line}`);
  const digest = createHash('sha256')
    .update([...counts].sort().join('|'))
    .digest('hex')
    .slice(0, 12);
  console.log(`answer digest ${digest}`);
  if (fivexx.length || !alive || newStored !== accepted + masks || newTmp.length) process.exitCode = 1;
}

await main();
