import { readFile } from 'node:fs/promises';
import { printDocument, readJsonFile } from './json-cli.js';
import { QUESTIONNAIRE_META, questionsFor } from './questionnaire.js';
import { scoreConstitution } from './score.js';

const USAGE = 'constitution FILE.json | constitution --questions female|male';

/**
 * `analyze constitution FILE.json`: { sex, answers } -> one JSON document with scores and verdicts.
 * `analyze constitution --questions SEX`: the 60 questions that respondent answers, zh and en.
 */
export async function runCli(args: string[]): Promise<number> {
  if (args[0] === '--questions') {
    const sex = args[1];
    if (args.length !== 2 || (sex !== 'female' && sex !== 'male')) {
      process.stderr.write(`usage: npm run -s analyze -- ${USAGE}\n`);
      return 2;
    }
    process.stdout.write(JSON.stringify({ ...QUESTIONNAIRE_META, sex, questions: questionsFor(sex) }, null, 2) + '\n');
    return 0;
  }
  return printDocument(args, USAGE, async (file) => scoreConstitution(await readJsonFile(file, readFile)));
}
