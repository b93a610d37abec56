import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { scoreConstitution } from './score.js';
import { synthesize } from '../synthesis/synthesize.js';
import { printDocument, readJsonFile } from './json-cli.js';

const examples = (name: string) => new URL(`../../examples/${name}`, import.meta.url).pathname;

async function run(file: string, engine: (x: unknown) => object) {
  const printed: string[] = [];
  const code = await printDocument(
    [file],
    'x FILE.json',
    async (f) => engine(await readJsonFile(f, readFile)),
    (t) => printed.push(t),
  );
  expect(printed).toHaveLength(1);
  return { code, doc: JSON.parse(printed[0]!) as Record<string, unknown> };
}

describe('one JSON document per command', () => {
  it('constitution on each committed example', async () => {
    for (const name of [
      'constitution-balanced-male.json',
      'constitution-qi-deficiency-female.json',
      'constitution-mixed-male.json',
    ]) {
      const { code, doc } = await run(examples(name), scoreConstitution);
      expect(code).toBe(0);
      expect(doc).toMatchObject({ file: name, ok: true, standard: 'ZYYXH/T157-2009' });
    }
  });

  it('synthesize on each committed example', async () => {
    for (const name of ['synthesize-qi-deficiency.json', 'synthesize-partial-team-config.json']) {
      const { code, doc } = await run(examples(name), synthesize);
      expect(code).toBe(0);
      expect(doc).toMatchObject({ ok: true });
      expect(Array.isArray(doc.patterns)).toBe(true);
    }
  });

  it('prints the committed full example of docs/synthesis.md (rerun the command there when the knowledge base changes)', async () => {
    const { doc } = await run(examples('synthesize-qi-deficiency.json'), synthesize);
    const committed = JSON.parse(await readFile(examples('synthesize-qi-deficiency.result.json'), 'utf8')) as unknown;
    expect(doc).toEqual(committed);
  });

  it('a missing file, a non-JSON file and a bad input become coded failures, exit 1', async () => {
    const missing = await run('/nonexistent/in.json', scoreConstitution);
    expect(missing).toMatchObject({ code: 1, doc: { ok: false, code: 3500000 } });
    const notJson = await run(new URL('./json-cli.ts', import.meta.url).pathname, scoreConstitution);
    expect(notJson).toMatchObject({ code: 1, doc: { ok: false, code: 3500000 } });
    const wrong = await run(examples('synthesize-qi-deficiency.json'), scoreConstitution);
    expect(wrong).toMatchObject({
      code: 1,
      doc: { ok: false, code: 3500001, msg: expect.stringContaining('answers') },
    });
  });
});
