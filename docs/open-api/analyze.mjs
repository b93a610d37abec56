// Open API example (Node 18+, no packages): submit a tongue photo, poll the task, read the usage.
//   TCM_BASE_URL=http://localhost:8080 TCM_APP_KEY=tcm_… TCM_APP_SECRET=… node analyze.mjs tongue.jpg
// Prints the finished task (typed results, conclusion, report link) as JSON. docs/open-api.md
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';

const base = process.env.TCM_BASE_URL ?? 'http://localhost:8080';
const appKey = process.env.TCM_APP_KEY;
const secret = process.env.TCM_APP_SECRET;
if (!appKey || !secret) throw new Error('set TCM_APP_KEY and TCM_APP_SECRET');

/** One signed call: HMAC-SHA256 over method, path with query, timestamp, nonce and the body's SHA-256. */
async function signed(method, path, body) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const contentSha256 = createHash('sha256').update(text).digest('hex');
  const toSign = [method, path, timestamp, nonce, contentSha256].join('\n');
  const res = await fetch(base + path, {
    method,
    headers: {
      'X-Tcm-Key': appKey,
      'X-Tcm-Timestamp': timestamp,
      'X-Tcm-Nonce': nonce,
      'X-Tcm-Content-Sha256': contentSha256,
      'X-Tcm-Signature': createHmac('sha256', secret).update(toSign).digest('hex'),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : text,
  });
  const answer = await res.json();
  if (answer.code !== 0) throw new Error(`${method} ${path}: HTTP ${res.status} ${answer.code} ${answer.msg}`);
  return answer.data;
}

const photo = process.argv[2];
if (!photo) throw new Error('usage: node analyze.mjs <tongue photo>');

// 1. Submit (the idempotency key makes a retry of this call safe).
const task = await signed('POST', '/backend/openapi/v1/analysis', {
  captures: { tongue: { data: (await readFile(photo)).toString('base64'), name: 'tongue.jpg' } },
  person: { sex: 'female', age: 40 },
  lang: 'en',
  idempotencyKey: `example-${Date.now()}`,
});

// 2. Poll until done, partial or failed (or pass webhookUrl in step 1 and wait for the call).
let done = task;
while (done.status === 'queued' || done.status === 'running') {
  await new Promise((r) => setTimeout(r, 1000));
  done = await signed('GET', `/backend/openapi/v1/analysis/${task.taskId}`);
}

// 3. Today's usage of this key.
const usage = await signed('GET', '/backend/openapi/v1/usage');
console.log(JSON.stringify({ task: done, usage }, null, 2));
