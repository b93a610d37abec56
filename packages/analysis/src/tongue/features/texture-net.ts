// The small convolutional network (training/tongue-features/train_cnn.py) that reads cracks,
// tooth marks, colours and coating type from the tongue crop, run with onnxruntime on one thread.
import { readFileSync } from 'node:fs';
import type { InferenceSession } from 'onnxruntime-node';
import { MODEL_DIR } from './model.js';
import { HEAP, type Alloc } from '../../common/scratch.js';
import { networkInput, WORK_SIDE, type TongueCrop } from './prepare.js';

interface NetMeta {
  version: string;
  input: [number, number, number];
  heads: Record<string, string[]>;
}

export const TEXTURE_NET_META: NetMeta = JSON.parse(readFileSync(`${MODEL_DIR}texture-net.json`, 'utf8')) as NetMeta;

/** byte / 255 as float32, looked up instead of divided for the 262 144 input values. */
const UNIT = Float32Array.from({ length: 256 }, (_, v) => v / 255);

let session: Promise<InferenceSession> | null = null;

async function getSession(): Promise<InferenceSession> {
  if (!session) {
    // Imported on first use so that importing the features costs nothing until a photo comes.
    session = import('onnxruntime-node').then((ort) =>
      ort.InferenceSession.create(`${MODEL_DIR}texture-net.onnx`, {
        intraOpNumThreads: 1,
        interOpNumThreads: 1,
        graphOptimizationLevel: 'all',
      }),
    );
    session.catch(() => (session = null));
  }
  return session;
}

/** Probabilities of every head of the network for one tongue crop, by head and label. */
export async function runTextureNet(
  crop: TongueCrop,
  al: Alloc = HEAP,
): Promise<Record<string, Record<string, number>>> {
  const ort = await import('onnxruntime-node');
  const s = await getSession();
  const bytes = networkInput(crop, al);
  const x = al.f32(bytes.length);
  for (let i = 0; i < bytes.length; i++) x[i] = UNIT[bytes[i]!]!;
  const out = await s.run({ input: new ort.Tensor('float32', x, [1, 4, WORK_SIDE, WORK_SIDE]) });
  const probs = out.probs!.data as Float32Array;
  const result: Record<string, Record<string, number>> = {};
  let k = 0;
  for (const [head, labels] of Object.entries(TEXTURE_NET_META.heads)) {
    result[head] = {};
    for (const l of labels) result[head][l] = probs[k++]!;
  }
  return result;
}
