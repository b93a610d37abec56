import { writeFile } from 'node:fs/promises';
import { isEngineError } from '@tcm/analysis/common';
import { parseRecordArgs, recordInput, runRecord, RECORD_USAGE } from '@tcm/analysis/pipeline';
import { recordReportModel } from './record-model.js';
import { renderReport } from './render.js';

/**
 * `npm run -s report -- record [--tongue PHOTO] ... OUT.pdf`: the PDF a record with these captures,
 * answers and vitals would get — the server's pipeline (`runPipeline`) and its results-to-report
 * mapping (`recordReportModel`), no server. One JSON line: `{ok, file, bytes, results, ms}`.
 */
export async function runRecordReport(
  args: string[],
  out: (line: string) => void = (l) => process.stdout.write(l),
): Promise<number> {
  const parsed = parseRecordArgs(args);
  const output = 'usage' in parsed ? undefined : parsed.rest[0];
  if ('usage' in parsed || !output || parsed.rest.length > 1) {
    process.stderr.write(
      `${'usage' in parsed ? parsed.usage : 'give one OUT.pdf'}\nusage: npm run -s report -- ${RECORD_USAGE} OUT.pdf\n`,
    );
    return 2;
  }
  const started = performance.now();
  try {
    const input = await recordInput(parsed);
    const results = await runRecord(input);
    const model = await recordReportModel(
      {
        id: 'cli',
        createdAt: new Date(parsed.date),
        person: { name: parsed.name ?? null, sex: parsed.sex ?? null, age: parsed.age ?? null },
        organisation: null,
        results,
        photos: { tongue: input.files.tongue?.bytes, face: input.files.face?.bytes },
        pulseFile: input.files.pulse,
      },
      parsed.lang,
    );
    const pdf = await renderReport(model);
    await writeFile(output, pdf);
    const ms = Math.round(performance.now() - started);
    out(JSON.stringify({ ok: true, file: output, bytes: pdf.length, results, ms }) + '\n');
    return 0;
  } catch (e) {
    if (!isEngineError(e)) throw e;
    out(JSON.stringify({ ok: false, code: e.code, msg: e.message, detail: e.detail }) + '\n');
    return 1;
  }
}
