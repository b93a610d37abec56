import { sha256 } from '@noble/hashes/sha2';
import { leadingZeroBits, powInput } from '@tcm/contract';

const SLICE = 4000;
const utf8 = new TextEncoder();

/**
 * The proof of work a captcha answer carries (docs/security.md §14d): a nonce whose SHA-256 with
 * the challenge id starts with `bits` zero bits. Worked out in slices between paints while the
 * person drags, so the page stays responsive; none asked (0 or absent): undefined.
 */
export async function solvePow(captchaId: string, bits: number | undefined): Promise<string | undefined> {
  if (!bits || bits <= 0) return undefined;
  for (let n = 0; ;) {
    for (const end = n + SLICE; n < end; n++) {
      const nonce = n.toString(36);
      if (leadingZeroBits(sha256(utf8.encode(powInput(captchaId, nonce)))) >= bits) return nonce;
    }
    await new Promise((r) => setTimeout(r, 0));
  }
}
