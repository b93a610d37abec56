import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AUTH_PATHS, USER_PATHS, leadingZeroBits, powInput, type JigsawChallenge } from '@tcm/contract';
import { BASE } from './browser.js';

const CLIENT = `Basic ${Buffer.from('tcm-web:tcm-web-secret').toString('base64')}`;

const rgba = async (dataUrl: string) => {
  const { data, info } = await sharp(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** The jigsaw answer found as a person finds it: the hole whose outline has the piece's shape. */
export async function outlineMatch(ch: Pick<JigsawChallenge, 'backgroundImage' | 'pieceImage' | 'pieceY'>) {
  const bg = await rgba(ch.backgroundImage);
  const pc = await rgba(ch.pieceImage);
  const inside = (i: number, j: number) =>
    i >= 0 && j >= 0 && i < pc.width && j < pc.height && pc.data[(j * pc.width + i) * 4 + 3]! >= 128;
  const near = (i: number, j: number, d: number) =>
    inside(i - d, j) && inside(i + d, j) && inside(i, j - d) && inside(i, j + d);
  const edge: Array<[number, number]> = [];
  const core: Array<[number, number]> = [];
  for (let j = 0; j < pc.height; j++)
    for (let i = 0; i < pc.width; i++) {
      if (!inside(i, j)) continue;
      if (!near(i, j, 1)) edge.push([i, j]);
      else if (near(i, j, 4)) core.push([i, j]);
    }
  const lum = (x: number, y: number) => {
    const q = (y * bg.width + x) * 4;
    return 0.299 * bg.data[q]! + 0.587 * bg.data[q + 1]! + 0.114 * bg.data[q + 2]!;
  };
  const mean = (pts: Array<[number, number]>, x: number) =>
    pts.reduce((a, [i, j]) => a + lum(x + i, ch.pieceY + j), 0) / pts.length;
  let best = 0;
  let bestScore = -Infinity;
  for (let x = 0; x + pc.width <= bg.width; x++) {
    const score = mean(core, x) - mean(edge, x);
    if (score > bestScore) [best, bestScore] = [x, score];
  }
  return best;
}

const solvePow = (captchaId: string, bits: number) => {
  if (bits <= 0) return undefined;
  for (let n = 0; ; n++) {
    const nonce = n.toString(36);
    if (leadingZeroBits(createHash('sha256').update(powInput(captchaId, nonce)).digest()) >= bits) return nonce;
  }
};

/**
 * Registers a doctor through the public calls the /doctor/register page makes, its final step
 * behind a solved jigsaw (issue 35 item 8): seeded through the API, not clicks.
 */
export async function registerThroughApi(account: Record<string, string>): Promise<{ code: number; msg: string }> {
  let answer = { code: -1, msg: '' };
  for (let attempt = 0; attempt < 3; attempt++) {
    const reg = await fetch(`${BASE}${AUTH_PATHS.jigsawRegister}`, { headers: { authorization: CLIENT } });
    const ch = ((await reg.json()) as { data: JigsawChallenge }).data;
    const x = await outlineMatch(ch);
    const pow = solvePow(ch.captchaId, ch.powBits);
    // A person looks before dragging; the server refuses answers faster than that.
    await new Promise((r) => setTimeout(r, 600));
    const res = await fetch(`${BASE}${USER_PATHS.doctorRegister}`, {
      method: 'POST',
      headers: { authorization: CLIENT, 'content-type': 'application/json' },
      body: JSON.stringify({ ...account, captchaId: ch.captchaId, x, pow }),
    });
    answer = (await res.json()) as { code: number; msg: string };
    if (answer.code !== 1100410) return answer;
  }
  return answer;
}
