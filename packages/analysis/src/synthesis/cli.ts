import { readFile } from 'node:fs/promises';
import { printDocument, readJsonFile } from '../constitution/json-cli.js';
import { synthesize } from './synthesize.js';

/** `analyze synthesize FILE.json`: findings + inquiry + vitals + history -> one JSON document. */
export async function runCli(args: string[]): Promise<number> {
  return printDocument(args, 'synthesize FILE.json', async (file) => synthesize(await readJsonFile(file, readFile)));
}
