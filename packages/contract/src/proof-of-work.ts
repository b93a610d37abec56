import { z } from 'zod';

/**
 * The proof of work every captcha answer carries (issue 35 item 7; docs/security.md §14d): the
 * client finds a `pow` nonce such that SHA-256 of `<captchaId>:<pow>` starts with `powBits` zero
 * bits (about 2^powBits hashes; the browser does it while the person drags). The challenge id is
 * server-made, random and single-use, so no work can be done before the challenge nor reused.
 */
export const powNonce = z
  .string()
  .regex(/^[0-9a-z]{1,16}$/)
  .optional();

export const powInput = (captchaId: string, nonce: string) => `${captchaId}:${nonce}`;

/** Leading zero bits of a digest. */
export function leadingZeroBits(digest: Uint8Array): number {
  let n = 0;
  for (const byte of digest) {
    if (byte === 0) {
      n += 8;
      continue;
    }
    return n + Math.clz32(byte) - 24;
  }
  return n;
}
