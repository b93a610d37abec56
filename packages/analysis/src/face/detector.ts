// Face detection and the 468-point landmark mesh with @vladmandic/human (BlazeFace + FaceMesh)
// on the tfjs WebAssembly backend. The models ship inside the npm package, so nothing is
// fetched at run time. Loaded once per process and reused (lazy singleton).
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FACE_ERRORS } from '@tcm/contract';
import { EngineError } from '../common/index.js';
import { boundingBox } from './raster.js';

/** One detected face, in the pixel coordinates of the image given to `detectFaces`. */
export interface DetectedFace {
  /** Detector confidence 0-1. */
  score: number;
  /** Landmark box x, y, width, height (pixels). */
  box: [number, number, number, number];
  /** 468 mesh points [x, y] (pixels), MediaPipe FaceMesh topology. */
  mesh: [number, number][];
  /** Head pose from the mesh, radians. */
  yaw: number;
  pitch: number;
  roll: number;
}

// The part of Human's API this engine uses. The package's own .d.ts cannot be imported
// because its exports map is broken (stack.md), so the shape is declared here.
interface HumanTensor {
  readonly shape: number[];
}
interface HumanFace {
  score: number;
  mesh: number[][];
  rotation?: { angle: { yaw: number; pitch: number; roll: number } } | null;
}
interface HumanInstance {
  load(): Promise<void>;
  warmup(): Promise<unknown>;
  detect(input: HumanTensor): Promise<{ face: HumanFace[] }>;
  tf: {
    tensor3d(values: Int32Array | Uint8Array, shape: [number, number, number], dtype: 'int32'): HumanTensor;
    dispose(t: HumanTensor): void;
  };
  version: string;
}
type HumanModule = { Human: new (config: Record<string, unknown>) => HumanInstance };

const require = createRequire(import.meta.url);
// Both packages' exports maps hide package.json, so their folders are found from the main files.
const humanDir = dirname(dirname(require.resolve('@vladmandic/human')));
const wasmDir = dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));

/** Version of the detection models, reported with every result. */
export const FACE_MODEL_VERSION = `human-${(JSON.parse(readFileSync(join(humanDir, 'package.json'), 'utf8')) as { version: string }).version}-blazeface+facemesh`;

// Node's fetch has no file:// support, and Human and tfjs load the model JSON, weights and
// the .wasm binary through fetch. Only file URLs are answered here; anything else goes to the
// original fetch (and so fails offline, which is what we want: nothing is downloaded).
function shimFileFetch(): void {
  const g = globalThis as { fetch: typeof fetch; __tcmFileFetch?: boolean };
  if (g.__tcmFileFetch) return;
  const original = g.fetch.bind(globalThis);
  g.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith('file://')) {
      const bytes = await readFile(new URL(url));
      const type = url.endsWith('.wasm')
        ? 'application/wasm'
        : url.endsWith('.json')
          ? 'application/json'
          : 'application/octet-stream';
      return new Response(bytes, { status: 200, headers: { 'content-type': type } });
    }
    return original(input, init);
  };
  g.__tcmFileFetch = true;
}

/** Human's modules this engine has no use for, each switched off (none of their models loads). */
const disabled = (modules: string[]) => Object.fromEntries(modules.map((m) => [m, { enabled: false }]));

const config = {
  backend: 'wasm',
  wasmPath: pathToFileURL(wasmDir).href + '/',
  modelBasePath: pathToFileURL(join(humanDir, 'models')).href + '/',
  debug: false,
  async: false,
  warmup: 'none',
  // Every call is a new photo: no frame cache between calls.
  cacheSensitivity: 0,
  filter: { enabled: false },
  face: {
    enabled: true,
    detector: { enabled: true, rotation: true, maxDetected: 4, minConfidence: 0.4, iouThreshold: 0.2, return: false },
    mesh: { enabled: true },
    ...disabled(['iris', 'emotion', 'description', 'antispoof', 'liveness', 'attention']),
  },
  ...disabled(['body', 'hand', 'object', 'gesture', 'segmentation']),
};

let instance: Promise<HumanInstance> | undefined;
let queue: Promise<void> = Promise.resolve();

async function createHuman(): Promise<HumanInstance> {
  shimFileFetch();
  const mod = require(join(humanDir, 'dist', 'human.node-wasm.js')) as HumanModule;
  const human = new mod.Human(config);
  await human.load();
  return human;
}

/** The shared detector, loaded on first use (about 0.3-1 s) and kept for the process. */
export function getDetector(): Promise<HumanInstance> {
  instance ??= createHuman().catch((e: unknown) => {
    instance = undefined;
    throw new EngineError(FACE_ERRORS.FACE_MODEL_UNAVAILABLE, { cause: String((e as Error)?.message ?? e) });
  });
  return instance;
}

/** Faces in an interleaved RGB image (3 channels, pixels), best first. */
export async function detectFaces(rgb: Uint8Array, width: number, height: number): Promise<DetectedFace[]> {
  const human = await getDetector();
  // Human keeps per-call state on the instance, so concurrent calls (a server analyzing two
  // uploads at once) run one after the other.
  const run = queue.then(async () => {
    const tensor = human.tf.tensor3d(rgb, [height, width, 3], 'int32');
    try {
      return (await human.detect(tensor)).face;
    } finally {
      human.tf.dispose(tensor);
    }
  });
  queue = run.then(
    () => undefined,
    () => undefined,
  );
  const faces: HumanFace[] = await run;
  return faces
    .filter((f) => f.mesh.length >= 468)
    .map((f) => {
      const mesh = f.mesh.slice(0, 468).map((p) => [p[0]!, p[1]!] as [number, number]);
      const a = f.rotation?.angle ?? { yaw: 0, pitch: 0, roll: 0 };
      return {
        score: f.score,
        box: boundingBox(mesh),
        mesh,
        yaw: a.yaw,
        pitch: a.pitch,
        roll: a.roll,
      };
    })
    .sort((p, q) => q.box[2] * q.box[3] - p.box[2] * p.box[3]);
}
