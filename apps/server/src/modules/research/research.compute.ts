import {
  associationAnalysis,
  classificationAnalysis,
  clusteringAnalysis,
  frequencyAnalysis,
  type Dataset,
  type TrainingProgress,
} from '@tcm/research';
import { KMEANS_RESTARTS_DEFAULT, type JobParams, type PoolVariable, type ResearchResult } from '@tcm/contract';

/** What a job's worker thread starts with: the analysis and the dictionary (the samples follow as pages). */
export interface ComputeInput {
  params: JobParams;
  variables: PoolVariable[];
}

export interface ComputeOutput {
  result: ResearchResult;
  /** A classification job's trained model (plain JSON). */
  model?: unknown;
}

/** Minimum samples per leaf of the forests trained here: keeps models small (docs/research.md). */
export const FOREST_MIN_SAMPLES_LEAF = 5;

/**
 * One analysis, synchronous and CPU-bound: run in a worker thread (research.thread.ts), never on
 * the API's event loop. The package's analyses give the contract's result union, warnings
 * included (the command line runs the same ones; docs/research.md).
 */
export function compute(
  input: ComputeInput,
  dataset: Dataset,
  onProgress: (p: TrainingProgress) => void,
): ComputeOutput {
  const { params } = input;
  switch (params.kind) {
    case 'frequency':
      return { result: frequencyAnalysis(dataset, params.variables) };
    case 'association':
      return {
        result: associationAnalysis(dataset, {
          findings: params.findings,
          syndromes: params.syndromes,
          alpha: params.alpha,
        }),
      };
    case 'clustering':
      return {
        result: clusteringAnalysis(
          dataset,
          {
            variables: params.variables,
            k: params.k,
            restarts: params.restarts ?? KMEANS_RESTARTS_DEFAULT,
            seed: params.seed ?? 1,
          },
          onProgress,
        ).result,
      };
    case 'classification': {
      const { result, model } = classificationAnalysis(dataset, {
        kind: params.classifier,
        target: params.target,
        features: params.features,
        folds: params.folds,
        seed: params.seed ?? 1,
        forest: { trees: params.trees, minSamplesLeaf: FOREST_MIN_SAMPLES_LEAF },
        onProgress,
      });
      return { result, model };
    }
  }
}
