/**
 * `npm run -s report -- MODEL.json OUT.pdf`: renders a health report or medical record model
 * (told apart by its `kind`) to a PDF file. Prints one JSON line, like the analysis commands.
 * `npm run -s report -- record [options] OUT.pdf` (record-cli.ts): a whole record's PDF from its
 * captures and answers.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { isEngineError } from '@tcm/analysis/common';
import { REPORT_ERRORS } from '@tcm/contract';
import { runRecordReport } from './record-cli.js';
import { renderReport } from './render.js';

async function main(args: string[]): Promise<number> {
  if (args[0] === 'record') return runRecordReport(args.slice(1));
  const [input, output] = args;
  if (!input || !output) {
    process.stderr.write('usage: npm run -s report -- MODEL.json OUT.pdf\n');
    return 2;
  }
  const started = performance.now();
  try {
    let model: unknown;
    try {
      model = JSON.parse(await readFile(input, 'utf8'));
    } catch (e) {
      const d = REPORT_ERRORS.REPORT_MODEL_INVALID;
      process.stdout.write(
        JSON.stringify({ ok: false, code: d.code, msg: d.en, detail: { reason: String((e as Error).message) } }) + '\n',
      );
      return 1;
    }
    const pdf = await renderReport(model);
    await writeFile(output, pdf);
    process.stdout.write(
      JSON.stringify({ ok: true, file: output, bytes: pdf.length, ms: Math.round(performance.now() - started) }) + '\n',
    );
    return 0;
  } catch (e) {
    if (!isEngineError(e)) throw e;
    process.stdout.write(JSON.stringify({ ok: false, code: e.code, msg: e.message, detail: e.detail }) + '\n');
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`report: ${(e as Error)?.stack ?? String(e)}\n`);
    process.exit(2);
  },
);
