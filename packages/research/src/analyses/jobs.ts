import type {
  AssociationJobResult,
  ClassificationJobResult,
  ClusteringJobResult,
  FrequencyJobResult,
} from '@tcm/contract';
import type { Dataset } from '../dataset.js';
import { encodeDataset, fitEncoding } from '../features.js';
import { type KMeansResult, KMEANS_DEFAULT_RESTARTS, kmeans } from '../cluster/kmeans.js';
import { pca } from '../cluster/pca.js';
import { clusterProfiles } from '../cluster/profiles.js';
import { silhouette } from '../cluster/silhouette.js';
import { associate, type AssociationOptions } from '../stats/association.js';
import { frequencyTables } from '../stats/frequency.js';
import { type TrainingOptions, type TrainingProgress, trainClassifier } from '../classify/train.js';
import type { ClassifierModel } from '../classify/model.js';
import { emptyClustersWarning, fewSamplesWarning, noDataWarning, smallClassWarning } from './warnings.js';

/**
 * The four analyses as a job (the server's worker thread) and the command line run them: the
 * result in the contract's shape (`ResearchResult`), with the warnings of a degenerate run.
 */

export function frequencyAnalysis(dataset: Dataset, variables?: string[]): FrequencyJobResult {
  const keys = variables ?? dataset.variables.map((v) => v.key);
  return {
    kind: 'frequency',
    samples: dataset.rows.length,
    tables: frequencyTables(dataset, keys),
    warnings: noDataWarning(dataset, keys),
  };
}

export function associationAnalysis(dataset: Dataset, options: AssociationOptions = {}): AssociationJobResult {
  const result = associate(dataset, options);
  const keys = [...new Set([...result.findings, ...result.syndromes].map((i) => i.variable))];
  const chosen = [...(options.findings ?? []), ...(options.syndromes ?? [])];
  return { kind: 'association', ...result, warnings: noDataWarning(dataset, chosen.length ? chosen : keys) };
}

export interface ClusteringOptions {
  variables: string[];
  k: number;
  restarts?: number;
  seed?: number;
}

/** Scatter points sent to the browser: a stride sample keeps the chart light at 100k. */
const MAX_POINTS = 3000;

/**
 * k-means on the chosen variables, standardised (categorical ones one-hot), with the silhouette,
 * a 2-D PCA scatter and per-cluster profiles. `kmeans` (labels, centres in standardised units)
 * is returned beside the result for the command line; a job stores only the result.
 */
export function clusteringAnalysis(
  dataset: Dataset,
  options: ClusteringOptions,
  onProgress?: (p: TrainingProgress) => void,
): { result: ClusteringJobResult; kmeans: KMeansResult; columns: string[] } {
  const seed = options.seed ?? 1;
  const m = encodeDataset(fitEncoding(dataset, options.variables, { standardize: true }), dataset);
  onProgress?.({ phase: 'cross-validation', fold: null, fraction: 0.1 });
  const km = kmeans(m, { k: options.k, seed, restarts: options.restarts ?? KMEANS_DEFAULT_RESTARTS });
  onProgress?.({ phase: 'cross-validation', fold: null, fraction: 0.5 });
  const sil = silhouette(m, km.labels, { seed });
  const pc = pca(m, 2);
  const step = Math.max(1, Math.ceil(m.rows / MAX_POINTS));
  const points: Array<[number, number, number]> = [];
  for (let i = 0; i < m.rows; i += step) {
    const c = pc.coordinates[i];
    points.push([c?.[0] ?? 0, c?.[1] ?? 0, km.labels[i] ?? 0]);
  }
  const result: ClusteringJobResult = {
    kind: 'clustering',
    samples: m.rows,
    k: km.k,
    restarts: km.restarts,
    sizes: km.sizes,
    inertia: km.inertia,
    iterations: km.iterations,
    silhouette: { mean: sil.mean, perCluster: sil.perCluster, sampled: sil.sampled },
    pca: { explainedRatio: pc.explainedRatio },
    points,
    profiles: clusterProfiles(dataset, options.variables, km.labels),
    warnings: [
      ...noDataWarning(dataset, options.variables),
      ...emptyClustersWarning(km.sizes),
      ...fewSamplesWarning(m.rows, options.variables.length),
    ],
  };
  return { result, kmeans: km, columns: m.columns };
}

/** Cross-validated training (trainClassifier) as a result with its model. */
export function classificationAnalysis(
  dataset: Dataset,
  options: TrainingOptions & { kind: ClassificationJobResult['classifier'] },
): { result: ClassificationJobResult; model: ClassifierModel } {
  const trained = trainClassifier(dataset, options);
  const { evaluation } = trained;
  return {
    result: {
      kind: 'classification',
      classifier: options.kind,
      target: options.target,
      features: options.features,
      classes: trained.model.classes,
      trainedSamples: trained.model.trainedSamples,
      evaluation,
      importance: trained.importance,
      skipped: trained.skipped,
      warnings: [
        ...noDataWarning(dataset, [options.target, ...options.features]),
        ...smallClassWarning(evaluation.perClass),
        ...fewSamplesWarning(evaluation.samples, options.features.length),
      ],
    },
    model: trained.model,
  };
}
