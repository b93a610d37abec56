import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leadingZeroBits, powInput } from '@tcm/contract';
import { solvePow } from './proof-of-work.js';

describe('solvePow (issue 35 item 7)', () => {
  it('finds a nonce the server accepts: SHA-256 of "<id>:<nonce>" with the asked zero bits', async () => {
    const id = '6f1c1a52-5a0e-4b6f-9a7e-0c5d2b1e9f11';
    const nonce = (await solvePow(id, 12))!;
    expect(leadingZeroBits(createHash('sha256').update(powInput(id, nonce)).digest())).toBeGreaterThanOrEqual(12);
  });

  it('asks no work when the challenge asks none', async () => {
    expect(await solvePow('x', 0)).toBeUndefined();
    expect(await solvePow('x', undefined)).toBeUndefined();
  });
});
