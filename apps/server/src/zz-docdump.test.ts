import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { createTestApp } from './test/test-app.js';

it('dumps the API document', async () => {
  const t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/backend/docs/json' });
  writeFileSync(process.env.DOC_OUT ?? '/tmp/dsrv-doc.json', res.body);
  await t.close();
}, 120_000);
