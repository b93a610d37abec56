// Issue 18 item 1: onnxruntime-node 1.30 crashed with a segmentation fault in
// InferenceSession.create whenever the process's command line was about 27 KB or more (its
// telemetry matches /proc/self/cmdline with a recursive std::regex; onnx.ts). These tests start
// a fresh node process with 1,000 long arguments (about 51 KB) and a 40 KB environment variable
// and create a session of every model of the project in it. Whether the bare library crashes
// depends on the machine's thread stack size (it did here, not on CI), so only the engine's own
// path is asserted.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODELS = fileURLToPath(new URL('../../../../models/', import.meta.url));
const ONNX_MODULE = fileURLToPath(new URL('./onnx.ts', import.meta.url));
const MODEL_FILES = [
  'tongue-seg/tongue-seg.onnx',
  ...readdirSync(`${MODELS}tongue-features`)
    .filter((f) => f.endsWith('.onnx'))
    .map((f) => `tongue-features/${f}`),
];

/**
 * Runs `script` (an ES module) in a child node with a long argument list and environment. The
 * script is put on one line: the regex stops at the first newline of the command line, so a
 * newline in an argument before the paths would hide the crash.
 */
function runLong(script: string, env: Record<string, string | undefined>) {
  const args = Array.from(
    { length: 1000 },
    (_, i) => `/data/batch/photos/long-folder-name/photo-${String(i).padStart(4, '0')}.jpg`,
  );
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script.replace(/\n\s*/g, ' '), ...args],
    {
      encoding: 'utf8',
      env: { ...process.env, BIG_SETTING: 'x'.repeat(40_000), ...env },
      timeout: 120_000,
    },
  );
}

describe('onnxruntime sessions under a long command line (issue 18 item 1)', () => {
  it('creates a session of every model with 1,000 arguments (51 KB) and a 40 KB environment', () => {
    expect(MODEL_FILES.length).toBeGreaterThanOrEqual(4);
    const script = `
      import { createOnnxSession } from ${JSON.stringify(ONNX_MODULE)};
      for (const f of ${JSON.stringify(MODEL_FILES)}) {
        const s = await createOnnxSession(${JSON.stringify(MODELS)} + f, { intraOpNumThreads: 1, interOpNumThreads: 1 });
        console.log(f, s.inputNames.length);
      }
      console.log('argv bytes', process.argv.join(' ').length);`;
    // A caller asking for telemetry (ORT_DISABLE_TELEMETRY=0) must not bring the crash back.
    const child = runLong(script, { ORT_DISABLE_TELEMETRY: '0' });
    expect(child.signal, child.stderr).toBeNull();
    expect(child.status, child.stderr).toBe(0);
    expect(child.stdout.trim().split('\n')).toHaveLength(MODEL_FILES.length + 1);
    expect(Number(/argv bytes (\d+)/.exec(child.stdout)?.[1])).toBeGreaterThan(50_000);
  }, 180_000);
});
