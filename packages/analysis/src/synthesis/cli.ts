import { readFile } from 'node:fs/promises';
import { printDocuments, readJsonFile } from '../constitution/json-cli.js';
import { synthesize } from './synthesize.js';

/**
 * `analyze synthesize FILE.json`: findings + inquiry + vitals + history -> one JSON document
 * (several files, a folder or `--from LIST`: one JSON line per file).
 */
export async function runCli(args: string[], out?: (text: string) => void): Promise<number> {
  return printDocuments(args, 'synthesize', async (file) => synthesize(await readJsonFile(file, readFile)), out);
}
