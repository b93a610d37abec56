/**
 * The real server as a child process on 127.0.0.1, for the benchmarks that kill it, flood it or
 * fuzz it (bench-kill.ts, bench-fuzz.ts, bench-burst.ts): the bundle (`dist/main.js`) on a private
 * data folder (embedded PGlite unless DATABASE_URL is set), the seeded accounts' password fixed.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { AUTH_PATHS, FILE_PATHS, OPS_PATHS } from '@tcm/contract';

export const PASSWORD = 'Bench-server-2026-pass!';
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const CLIENT = `Basic ${Buffer.from('tcm-web:tcm-web-secret').toString('base64')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Bundles the server once (scripts/build.mjs into dist/, as `npm start` runs it): a start of the
 * bundle takes seconds where tsx would transpile the sources again at every restart.
 */
let built = false;
function ensureBuilt(): void {
  if (built || process.env.BENCH_NO_BUILD === '1') return;
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: SERVER_DIR, stdio: 'inherit' });
  built = true;
}

export class Server {
  proc?: ChildProcess;
  /** The banner's `start :` line of the last start: the time of each start phase (main.ts). */
  startPhases = '';
  constructor(
    readonly port: number,
    readonly dataDir: string,
    /** More environment for the server (limits, TMPDIR...). */
    readonly env: Record<string, string> = {},
  ) {}

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the bundled server and resolves once `/readyz` answers 200; the time from spawn to that, ms. */
  async start(): Promise<number> {
    ensureBuilt();
    const t0 = performance.now();
    // BENCH_CPU_PROF=<folder>: a V8 CPU profile of the server's whole run, written when it stops
    // (kill() then asks it to stop with SIGTERM, since a SIGKILLed process writes nothing).
    const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    this.proc = spawn(process.execPath, [...prof, 'dist/main.js'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        SEED_PASSWORD: PASSWORD,
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'bench-server-secret-bench-server-secret-01234',
        QUEUED_RECORDS_PER_USER: '0',
        QUEUED_RECORDS_PER_ADDRESS: '0',
        LOGIN_IP_MAX_FAILURES: '100000',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.startPhases = '';
    // Read on so the pipe never fills; keep the banner's phase line.
    this.proc.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const m = /start\s+:\s+(.*)/.exec(chunk);
      if (m) this.startPhases = m[1]!;
    });
    // A bench that dies (an exception, Ctrl-C) takes its server with it.
    const proc = this.proc;
    process.once('exit', () => proc.kill('SIGKILL'));
    for (;;) {
      if (this.proc.exitCode !== null) throw new Error(`server exited with ${this.proc.exitCode}`);
      const ok = await fetch(`${this.base}${OPS_PATHS.readyz}`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - t0;
      await sleep(100);
    }
  }

  async kill(): Promise<void> {
    const p = this.proc;
    // Already gone (a second kill in a `finally`): its 'exit' will not come again.
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    const gone = new Promise((r) => p.once('exit', r));
    p.kill(process.env.BENCH_CPU_PROF ? 'SIGTERM' : 'SIGKILL');
    await gone;
  }
}

/** The sign-in call itself, its answer unread (bench-mixed tallies refusals of it). */
export function signInRequest(base: string, loginName: string, entrance: string): Promise<Response> {
  return fetch(base + AUTH_PATHS.entranceSignin(entrance), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: CLIENT },
    body: new URLSearchParams({ loginName, loginPassword: PASSWORD }).toString(),
  });
}

export async function signIn(base: string, loginName = 'member', entrance = 'member'): Promise<string> {
  const res = await signInRequest(base, loginName, entrance);
  const body = (await res.json()) as { code: number; data: { access_token: string } };
  if (body.code !== 0) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return `Bearer ${body.data.access_token}`;
}

export async function upload(
  base: string,
  auth: string,
  bytes: Uint8Array,
  name: string,
  type: string,
): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  const res = await fetch(base + FILE_PATHS.upload, { method: 'POST', headers: { authorization: auth }, body: form });
  if (!res.ok) throw new Error(`upload ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { uuid: string } }).data.uuid;
}
