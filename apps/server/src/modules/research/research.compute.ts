import {
  associate,
  clusterProfiles,
  encodeDataset,
  fitEncoding,
  frequencyTables,
  kmeans,
  pca,
  silhouette,
  trainClassifier,
  type Dataset,
  type TrainingProgress,
} from '@tcm/research';
import type { JobParams, PoolVariable } from '@tcm/contract';

/** What a job's worker thread starts with: the analysis and the dictionary (the samples follow as pages). */
export interface ComputeInput {
  params: JobParams;
  variables: PoolVariable[];
}

export interface ComputeOutput {
  result: unknown;
  /** A classification job's trained model (plain JSON). */
  model?: unknown;
}

/** Scatter points sent to the browser: a seeded stride sample keeps the chart light at 100k. */
const MAX_POINTS = 3000;

/** Minimum samples per leaf of the forests trained here: keeps models small (docs/research.md). */
export const FOREST_MIN_SAMPLES_LEAF = 5;

/**
 * One analysis, synchronous and CPU-bound: run in a worker thread (research.thread.ts), never on
 * the API's event loop. Results are plain JSON, shaped for the screens (docs/research.md "Jobs").
 */
export function compute(
  input: ComputeInput,
  dataset: Dataset,
  onProgress: (p: TrainingProgress) => void,
): ComputeOutput {
  const { params } = input;
  switch (params.kind) {
    case 'frequency':
      return { result: { samples: dataset.rows.length, tables: frequencyTables(dataset, params.variables) } };
    case 'association':
      return {
        result: associate(dataset, { findings: params.findings, syndromes: params.syndromes, alpha: params.alpha }),
      };
    case 'clustering': {
      const seed = params.seed ?? 1;
      const m = encodeDataset(fitEncoding(dataset, params.variables, { standardize: true }), dataset);
      onProgress({ phase: 'cross-validation', fold: null, fraction: 0.1 });
      const km = kmeans(m, { k: params.k, seed });
      onProgress({ phase: 'cross-validation', fold: null, fraction: 0.5 });
      const sil = silhouette(m, km.labels, { seed });
      const pc = pca(m, 2);
      const step = Math.max(1, Math.ceil(m.rows / MAX_POINTS));
      const points: Array<[number, number, number]> = [];
      for (let i = 0; i < m.rows; i += step) {
        const c = pc.coordinates[i]!;
        points.push([c[0] ?? 0, c[1] ?? 0, km.labels[i]!]);
      }
      return {
        result: {
          samples: m.rows,
          k: km.k,
          sizes: km.sizes,
          inertia: km.inertia,
          iterations: km.iterations,
          silhouette: { mean: sil.mean, perCluster: sil.perCluster, sampled: sil.sampled },
          pca: { explainedRatio: pc.explainedRatio },
          points,
          profiles: clusterProfiles(dataset, params.variables, km.labels),
        },
      };
    }
    case 'classification': {
      const trained = trainClassifier(dataset, {
        kind: params.classifier,
        target: params.target,
        features: params.features,
        folds: params.folds,
        seed: params.seed ?? 1,
        forest: { trees: params.trees, minSamplesLeaf: FOREST_MIN_SAMPLES_LEAF },
        onProgress,
      });
      return {
        result: {
          classifier: params.classifier,
          target: params.target,
          features: params.features,
          classes: trained.model.classes,
          trainedSamples: trained.model.trainedSamples,
          evaluation: trained.evaluation,
          importance: trained.importance,
          skipped: trained.skipped,
        },
        model: trained.model,
      };
    }
  }
}
