import { readFile } from 'node:fs/promises';
import { printDocument, readJsonFile } from './json-cli.js';
import { scoreConstitution } from './score.js';

/** `analyze constitution FILE.json`: { sex, answers } -> one JSON document with scores and verdicts. */
export async function runCli(args: string[]): Promise<number> {
  return printDocument(args, 'constitution FILE.json', async (file) => scoreConstitution(await readJsonFile(file, readFile)));
}
