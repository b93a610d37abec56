/**
 * What the captcha proof of work costs (docs/security.md §14d): mean time to solve one challenge
 * at 14, 16 and 18 bits, with Node's native SHA-256 (a script's cost) and with @noble/hashes (the
 * browser's solver, run here in V8). Run: npx tsx apps/server/scripts/bench-pow.ts
 */
import { createHash, randomUUID } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2';
import { leadingZeroBits, powInput } from '@tcm/contract';

const utf8 = new TextEncoder();
const solvers = {
  'node:crypto': (s: string) => createHash('sha256').update(s).digest(),
  '@noble/hashes': (s: string) => sha256(utf8.encode(s)),
};
const ROUNDS = 12;
for (const bits of [14, 16, 18]) {
  for (const [name, hash] of Object.entries(solvers)) {
    let hashes = 0;
    const t0 = performance.now();
    for (let r = 0; r < ROUNDS; r++) {
      const id = randomUUID();
      for (let n = 0; ; n++, hashes++) if (leadingZeroBits(hash(powInput(id, n.toString(36)))) >= bits) break;
    }
    const ms = (performance.now() - t0) / ROUNDS;
    console.log(
      `${bits} bits ${name.padEnd(14)} ${ms.toFixed(0).padStart(6)} ms/solve  ${(hashes / ROUNDS).toFixed(0)} hashes`,
    );
  }
}
