import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { OPS_PATHS, RECORD_PATHS } from '@tcm/contract';
import { SEED_PASSWORD_FOR_TESTS } from './global-setup.js';
import { dataFile, multipart } from './records-helpers.js';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** stdout and stderr of `child` together, as they came. */
function collectOutput(child: ChildProcess): () => string {
  const chunks: string[] = [];
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (d: Buffer) => chunks.push(d.toString()));
  return () => chunks.join('');
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  output: () => string;
  /** Resolves with the exit code (or the signal's name) once the process has ended and its output is read. */
  exited: Promise<number | string>;
}

/**
 * A real server process (`node --import tsx src/main.ts`, the entry `npm start` bundles) on the
 * embedded database in `dataDir`, on its own port; no DATABASE_URL, whatever the suite uses.
 */
export async function spawnServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const { DATABASE_URL: _shared, ...parentEnv } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...parentEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_PASSWORD: SEED_PASSWORD_FOR_TESTS,
      LOGIN_CAPTCHA_ENTRANCES: 'none',
      ENGINE_POOL_SIZE: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return serverProcess(child, port);
}

/** Builds the server bundle into `outDir`, as `npm run build` does (scripts/build.mjs). */
export function buildServer(outDir: string): void {
  execFileSync(process.execPath, [join(serverRoot, 'scripts/build.mjs')], {
    env: { ...process.env, OUT_DIR: outDir },
    stdio: 'pipe',
  });
}

/**
 * The built server (`main.js` of the bundle in `outDir`, the process `npm start` runs) on the
 * suite's database, on its own port, with a new data folder; `env` adds to the defaults.
 */
export async function spawnBuilt(outDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(outDir, 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: inject('databaseUrl'),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'tcm-built-')),
      SEED_PASSWORD: SEED_PASSWORD_FOR_TESTS,
      LOG_LEVEL: 'warn',
      // On the suites' shared database, like the in-process test apps: 127.0.0.1 is every suite's address.
      LOGIN_IP_MAX_FAILURES: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return serverProcess(child, port);
}

function serverProcess(child: ChildProcess, port: number): ServerProcess {
  const output = collectOutput(child);
  const exited = new Promise<number | string>((resolve) =>
    child.on('close', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { child, port, base: `http://127.0.0.1:${port}`, output, exited };
}

/** Waits until `/readyz` answers 200; throws with the process's output if it exits first. */
export async function untilReady(s: ServerProcess, timeoutMs = 240_000): Promise<void> {
  for (const t0 = Date.now(); ;) {
    if (s.child.exitCode !== null || s.child.signalCode !== null)
      throw new Error(`server exited ${s.child.exitCode ?? s.child.signalCode}: ${s.output()}`);
    const res = await fetch(s.base + OPS_PATHS.readyz).catch(() => undefined);
    if (res?.status === 200) return;
    if (Date.now() - t0 > timeoutMs) throw new Error(`not ready: ${s.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Runs an npm script of the server (`db:check`, `backup`) as an operator would; resolves with its exit code and output. */
export function runServerScript(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const { DATABASE_URL: _shared, ...parentEnv } = process.env;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: serverRoot,
      env: { ...parentEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = collectOutput(child);
    child.on('close', (code) => resolve({ code, output: output() }));
  });
}

/** A visitor's tongue photo sent to a running server (the public capture, no sign-in); the new record's id. */
export async function postVisitorPhoto(base: string): Promise<string> {
  const photo = multipart([
    {
      field: 'file',
      filename: 'tongue.jpg',
      contentType: 'image/jpeg',
      value: dataFile('tongue/images/TE0000458.jpg'),
    },
  ]);
  const res = await fetch(base + RECORD_PATHS.visitorCreate, {
    method: 'POST',
    headers: photo.headers,
    body: photo.payload,
  });
  const body = (await res.json()) as { data: { recordId: string } };
  if (res.status !== 200) throw new Error(`visitor capture on ${base}: ${res.status} ${JSON.stringify(body)}`);
  return body.data.recordId;
}
