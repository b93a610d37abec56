import type { z } from 'zod';
import type { clusterProfilesSchema } from '@tcm/contract';
import type { Dataset } from '../dataset.js';
import { badParameter } from '../errors.js';
import { encodeDataset, fitEncoding } from '../features.js';

/** Per cluster, the mean of every encoded column on the original scale; `overall`: the pool's. */
export type ClusterProfiles = z.infer<typeof clusterProfilesSchema>;
export type ClusterProfile = ClusterProfiles['clusters'][number];

/**
 * What characterises each cluster: the mean of every variable per cluster on the original
 * scale, so a finding or a level reads as the share of the cluster that has it and a
 * measurement in its own unit (missing values count at the pool mean, as in the clustering).
 */
export function clusterProfiles(dataset: Dataset, keys: string[], labels: ArrayLike<number>): ClusterProfiles {
  if (labels.length !== dataset.rows.length)
    throw badParameter('labels', 'one label per sample', '每个样本须有一个标签');
  const m = encodeDataset(fitEncoding(dataset, keys), dataset);
  const ids = [...new Set(Array.from(labels))].sort((a, b) => a - b);
  const slot = new Map(ids.map((c, i) => [c, i]));
  const sums = ids.map(() => new Float64Array(m.cols));
  const sizes = ids.map(() => 0);
  const overall = new Float64Array(m.cols);
  for (let i = 0; i < m.rows; i++) {
    const s = slot.get(labels[i] as number) as number;
    sizes[s]! += 1;
    const sum = sums[s] as Float64Array;
    for (let j = 0; j < m.cols; j++) {
      const v = m.data[i * m.cols + j] as number;
      sum[j]! += v;
      overall[j]! += v / m.rows;
    }
  }
  return {
    columns: m.columns,
    overall: Array.from(overall),
    clusters: ids.map((cluster, s) => ({
      cluster,
      size: sizes[s] as number,
      means: Array.from(sums[s] as Float64Array, (v) => v / (sizes[s] as number)),
    })),
  };
}
