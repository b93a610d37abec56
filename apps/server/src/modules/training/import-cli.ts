import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { analyzeTongue } from '@tcm/analysis/tongue';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { runMigrations } from '../../db/migrate.js';
import { EnginePool } from '../../jobs/engine-pool.js';
import { createStorage } from '../files/storage.js';
import { importQuestions, photoRef } from './training.import.js';
import { engineReading } from './training.scoring.js';
import { runCli } from '../../ops/run-cli.js';

const PHOTO = /\.(jpe?g|png)$/i;
const USAGE = 'usage: training:import <photo folder> <label table .tsv> [--limit N] [--engine]';

/**
 * `npm run -s training:import -w @tcm/server -- ../shared/data/tongue/images
 * ../shared/data/tongue/labels-manual.tsv --limit 50 --engine`: adds labelled photos to the
 * question bank of the configured database (DATABASE_URL, else the embedded one in DATA_DIR:
 * stop the server first). `--engine` runs the tongue engine on each photo so the learner sees its
 * reading after answering (about a second a photo). Prints one JSON line; exit 2 on a wrong call.
 */
async function main(argv: string[]): Promise<number> {
  const engine = argv.includes('--engine');
  const li = argv.indexOf('--limit');
  const limit = li >= 0 ? Number(argv[li + 1]) : Infinity;
  const args = argv.filter((a, i) => a !== '--engine' && i !== li && i !== li + 1);
  const [folder, labels] = args;
  if (args.length !== 2 || !folder || !labels || !(limit > 0)) {
    console.error(USAGE);
    return 2;
  }
  const labelTable = await readFile(labels, 'utf8');
  // Only photos the table names, in name order, up to --limit: a handful for a demo or a journey.
  const named = new Set(labelTable.split(/\r?\n/).map((l) => l.split('\t')[0]?.trim()));
  const names = (await readdir(folder))
    .filter((n) => PHOTO.test(n) && named.has(photoRef(n)))
    .sort()
    .slice(0, limit);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const engines = new EnginePool({ size: 0, maxQueue: 1 });
  try {
    await runMigrations(database.db);
    const result = await importQuestions(
      { db: database.db, storage: createStorage(config), engines },
      {
        labelTable,
        photos: names.map((name) => ({ name, bytes: async () => new Uint8Array(await readFile(join(folder, name))) })),
        importedBy: null,
        engine: engine ? async (bytes) => engineReading((await analyzeTongue(bytes)).result.features) : undefined,
      },
    );
    console.log(JSON.stringify({ ok: true, ...result }));
    return 0;
  } finally {
    await engines.close();
    await database.close();
  }
}

runCli(main);
