/**
 * `npm run -s research -- kmeans|frequency|relate|classify FILE.csv [--k K] [--restarts N]
 * [--seed S] [--target COLUMN] [--columns A,B] [--classifier KIND] [--folds F]`: one analysis of a
 * CSV file on the same code as the server's jobs, printed as one JSON object on standard output
 * (docs/research.md "Command line"), so a published result can be reproduced from its file.
 * Exit 0 with the result, 1 when the analysis refuses the data (the reason on standard error),
 * 2 for a usage error.
 */
import { readFileSync } from 'node:fs';
import { CLASSIFIER_KINDS } from '@tcm/contract';
import { associationAnalysis, classificationAnalysis, clusteringAnalysis, frequencyAnalysis } from './analyses/jobs.js';
import { csvDataset } from './cli-csv.js';
import { isResearchError } from './errors.js';

const COMMANDS = ['kmeans', 'frequency', 'relate', 'classify'] as const;
type Command = (typeof COMMANDS)[number];
const USAGE =
  'usage: npm run -s research -- kmeans|frequency|relate|classify FILE.csv [--k K] [--restarts N] [--seed S] ' +
  '[--target COLUMN] [--columns A,B,...] [--classifier random-forest|logistic-regression|naive-bayes] [--folds F]\n';

class UsageError extends Error {}

interface Args {
  command: Command;
  file: string;
  options: Map<string, string>;
}

const FLAGS = ['k', 'restarts', 'seed', 'target', 'columns', 'classifier', 'folds'];

function parseArgs(argv: string[]): Args {
  const [command, file, ...rest] = argv;
  if (!COMMANDS.includes(command as Command)) throw new UsageError(`unknown command "${command ?? ''}"`);
  if (!file || file.startsWith('--')) throw new UsageError('no CSV file given');
  const options = new Map<string, string>();
  for (let i = 0; i < rest.length; i += 2) {
    const flag = rest[i]?.replace(/^--/, '') ?? '';
    const value = rest[i + 1];
    if (!FLAGS.includes(flag) || !rest[i]?.startsWith('--')) throw new UsageError(`unknown option "${rest[i]}"`);
    if (value === undefined) throw new UsageError(`option --${flag} needs a value`);
    options.set(flag, value);
  }
  return { command: command as Command, file, options };
}

function whole(options: Map<string, string>, name: string, fallback: number): number {
  const text = options.get(name);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n)) throw new UsageError(`--${name} must be a whole number, not "${text}"`);
  return n;
}

function run({ command, file, options }: Args): unknown {
  const target = options.get('target');
  const { dataset, columns } = csvDataset(readFileSync(file, 'utf8'), target);
  const chosen = options
    .get('columns')
    ?.split(',')
    .map((c) => c.trim());
  const others = chosen ?? columns.filter((c) => c !== target);
  const seed = whole(options, 'seed', 1);
  const needTarget = (): string => {
    if (!target) throw new UsageError(`${command} needs --target COLUMN`);
    return target;
  };
  switch (command) {
    case 'frequency':
      return frequencyAnalysis(dataset, chosen);
    case 'relate': {
      const syndrome = needTarget();
      // Findings: the chosen columns, else every other yes/no or categorical column.
      const findings = chosen ?? others.filter((c) => dataset.variables.find((v) => v.key === c)?.type !== 'numeric');
      return associationAnalysis(dataset, { findings, syndromes: [syndrome] });
    }
    case 'kmeans': {
      const {
        result,
        kmeans,
        columns: encoded,
      } = clusteringAnalysis(dataset, {
        variables: others,
        k: whole(options, 'k', 3),
        restarts: whole(options, 'restarts', 10),
        seed,
      });
      return {
        kind: 'kmeans',
        k: kmeans.k,
        restarts: kmeans.restarts,
        seed: kmeans.seed,
        samples: result.samples,
        inertia: kmeans.inertia,
        sizes: kmeans.sizes,
        labels: kmeans.labels,
        columns: encoded,
        centers: kmeans.centroids,
        iterations: kmeans.iterations,
        converged: kmeans.converged,
        silhouette: result.silhouette.mean,
        warnings: result.warnings,
      };
    }
    case 'classify': {
      const kind = options.get('classifier') ?? 'random-forest';
      const known = CLASSIFIER_KINDS.find((k) => k === kind);
      if (!known) throw new UsageError(`unknown classifier "${kind}"`);
      return classificationAnalysis(dataset, {
        kind: known,
        target: needTarget(),
        features: others,
        folds: whole(options, 'folds', 5),
        seed,
      }).result;
    }
  }
}

function main(argv: string[]): number {
  try {
    process.stdout.write(`${JSON.stringify(run(parseArgs(argv)))}\n`);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`research: ${e.message}\n${USAGE}`);
      return 2;
    }
    if (isResearchError(e)) {
      process.stderr.write(`research: ${(e.texts ?? e.def).en}\n`);
      return 1;
    }
    throw e;
  }
}

process.exitCode = main(process.argv.slice(2));
