/** The generated pool of the research benchmarks (bench-research.ts, bench-research-load.ts). */
import type { PoolVariable, SampleValue } from '@tcm/contract';
import type { Db } from '../src/db/client.js';
import { researchPools, researchSamples, users } from '../src/db/schema/index.js';

const SYNDROMES = ['湿热', '气虚', '阴虚', '血瘀', '痰湿'];

/** A seeded RNG (mulberry32): the same pool every run. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 40 findings whose rate depends on the syndrome, 9 measurements shifted by it, the syndrome. */
export function generatePool(N: number): { variables: PoolVariable[]; samples: Array<Record<string, SampleValue>> } {
  const r = rng(1);
  const variables: PoolVariable[] = [
    ...Array.from({ length: 40 }, (_, i): PoolVariable => ({
      key: `f${i + 1}`,
      type: 'binary',
      kind: 'finding',
      label: { zh: `症状${i + 1}`, en: `Finding ${i + 1}` },
    })),
    ...Array.from({ length: 9 }, (_, i): PoolVariable => ({
      key: `m${i + 1}`,
      type: 'numeric',
      kind: 'vital',
      label: { zh: `指标${i + 1}`, en: `Measure ${i + 1}` },
    })),
    {
      key: 'syndrome',
      type: 'categorical',
      kind: 'syndrome',
      label: { zh: '证型', en: 'Syndrome' },
      levels: SYNDROMES,
    },
  ];
  const samples = Array.from({ length: N }, () => {
    const s = Math.floor(r() * SYNDROMES.length);
    const v: Record<string, SampleValue> = { syndrome: SYNDROMES[s]! };
    for (let i = 0; i < 40; i++) v[`f${i + 1}`] = r() < (i % SYNDROMES.length === s ? 0.6 : 0.2);
    for (let i = 0; i < 9; i++)
      v[`m${i + 1}`] = Math.round((60 + 10 * (i % SYNDROMES.length === s ? 1 : 0) + 8 * (r() - 0.5) * 2) * 10) / 10;
    return v;
  });
  return { variables, samples };
}

/** A doctor and a pool of `n` generated samples (inserted 1,000 a statement). */
export async function seedPool(db: Db, n: number) {
  const [doctor] = await db
    .insert(users)
    .values({ entrance: 'doctor', loginName: `bench_doctor_${Date.now()}`, name: 'Bench doctor', passwordHash: 'x' })
    .returning();
  const { variables, samples } = generatePool(n);
  const [pool] = await db
    .insert(researchPools)
    .values({ ownerUserId: doctor!.id, name: 'bench', variables, sampleCount: n })
    .returning();
  for (let i = 0; i < samples.length; i += 1000)
    await db
      .insert(researchSamples)
      .values(samples.slice(i, i + 1000).map((values) => ({ poolId: pool!.id, source: 'file' as const, values })));
  return { doctor: doctor!, pool: pool!, variables };
}
