/**
 * @tcm/research: statistics, clustering and classification for the doctor's research area.
 * Pure TypeScript, no I/O; every result is plain JSON. See docs/research.md.
 */
export * from './dataset.js';
export * from './errors.js';
export * from './features.js';
export { createRng, type Rng } from './rng.js';
export * from './stats/special.js';
export * from './stats/frequency.js';
export * from './stats/two-by-two.js';
export * from './stats/multiple-testing.js';
export * from './stats/association.js';
export * from './cluster/kmeans.js';
export * from './cluster/hierarchical.js';
export * from './cluster/silhouette.js';
export * from './cluster/pca.js';
export * from './cluster/profiles.js';
export * from './classify/forest.js';
export * from './classify/logistic.js';
export * from './classify/naive-bayes.js';
export * from './classify/metrics.js';
export * from './classify/folds.js';
export * from './classify/model.js';
export * from './classify/train.js';
export * from './analyses/warnings.js';
export * from './analyses/jobs.js';
export * from './csv.js';
