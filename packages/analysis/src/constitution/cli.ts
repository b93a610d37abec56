import { readFile } from 'node:fs/promises';
import { printDocuments, readJsonFile } from './json-cli.js';
import { QUESTIONNAIRE_META, questionsFor } from './questionnaire.js';
import { scoreConstitution } from './score.js';

const USAGE = 'constitution FILE.json|FOLDER... [--from LIST|-] | constitution --questions female|male';

/**
 * `analyze constitution FILE.json`: { sex, answers } -> one JSON document with scores and verdicts
 * (several files, a folder or `--from LIST`: one JSON line per file).
 * `analyze constitution --questions SEX`: the 60 questions that respondent answers, zh and en.
 */
export async function runCli(args: string[], out?: (text: string) => void): Promise<number> {
  if (args[0] === '--questions') {
    const sex = args[1];
    if (args.length !== 2 || (sex !== 'female' && sex !== 'male')) {
      process.stderr.write(`usage: npm run -s analyze -- ${USAGE}\n`);
      return 2;
    }
    process.stdout.write(JSON.stringify({ ...QUESTIONNAIRE_META, sex, questions: questionsFor(sex) }, null, 2) + '\n');
    return 0;
  }
  return printDocuments(
    args,
    'constitution',
    async (file) => scoreConstitution(await readJsonFile(file, readFile)),
    out,
  );
}
