import { readFileSync } from 'node:fs';
import { EnginePool } from '../jobs/engine-pool.js';

/**
 * Analyses one tongue photo through an engine pool and prints the tongue engine's status. Run
 * by engine-pool.test.ts with a very long argument list: onnxruntime-node 1.30 crashes creating
 * a session in a process whose command line is about 30 KB long (issue 18), and the pool's
 * children must not inherit that. ENGINE_POOL_SIZE=0 runs it inline (and crashes).
 */
const pool = new EnginePool({ size: Number(process.env.ENGINE_POOL_SIZE ?? 1), maxQueue: 1 });
const bytes = new Uint8Array(readFileSync(process.argv[2]!));
const out = await pool.run(
  {
    kind: 'analyze',
    input: {
      files: { tongue: { bytes, name: 'tongue.jpg' } },
      history: [],
      date: new Date().toISOString(),
      lang: 'en',
    },
  },
  { timeoutMs: 120_000 },
);
console.log(`tongue ${out.tongue?.status}`);
await pool.close();
