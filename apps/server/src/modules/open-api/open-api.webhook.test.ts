import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OPEN_API_PATHS, openApiWebhookSchema } from '@tcm/contract';
import { openApiTasks } from '../../db/schema/index.js';
import { partnerKey, signedCall } from '../../test/open-api-client.js';
import { waitFor } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** A partner's receiver on 127.0.0.1: refuses the first delivery with 503, accepts the next. */
interface Delivery {
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
}
const deliveries: Delivery[] = [];
let receiver: Server;
let url: string;
let t: TestApp;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      deliveries.push({ at: Date.now(), headers: req.headers, body });
      res.statusCode = deliveries.length === 1 ? 503 : 204;
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/tcm-hook`;
  t = await createTestApp(
    { OPEN_API_WEBHOOK_ALLOW_PRIVATE: 'true', OPEN_API_WEBHOOK_RETRY_DELAY_S: '1', OPEN_API_WEBHOOK_RETRIES: '3' },
    [],
    { jobs: true },
  );
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => receiver.close(r));
});

describe('open API webhook', () => {
  it('posts the signed finished task; a refused first delivery is retried after a back-off', async () => {
    const { key } = await partnerKey(t);
    const sub = await signedCall(t, key, 'POST', OPEN_API_PATHS.submit, {
      vitals: { heightCm: 180, weightKg: 70, systolic: 118, diastolic: 76 },
      webhookUrl: url,
    });
    expect(sub.status).toBe(200);
    const taskId = sub.body.data.taskId as string;
    const task = await waitFor(
      async () => (await t.database.db.select().from(openApiTasks).where(eq(openApiTasks.id, taskId)))[0]!,
      (row) => row.webhookStatus === 'delivered' || row.webhookStatus === 'failed',
      90000,
    );
    expect([task.webhookStatus, task.webhookAttempts]).toEqual(['delivered', 2]);
    expect(deliveries).toHaveLength(2);
    const [first, second] = deliveries as [Delivery, Delivery];
    // pg-boss waited before the retry (retryDelay 1 s, backing off).
    expect(second.at - first.at).toBeGreaterThanOrEqual(500);
    expect(second.body).toBe(first.body);
    const ts = String(second.headers['x-tcm-timestamp']);
    const expected = createHmac('sha256', key.secret).update(`${ts}.${second.body}`).digest('hex');
    expect(second.headers['x-tcm-signature']).toBe(expected);
    expect(second.headers['x-tcm-task-id']).toBe(taskId);
    const payload = openApiWebhookSchema.parse(JSON.parse(second.body));
    expect(payload.task).toMatchObject({ taskId, status: 'done' });
    expect(payload.task.results?.vitals).toMatchObject({ engine: 'vitals', status: 'done' });
    // The poll answers the same task.
    const polled = await signedCall(t, key, 'GET', OPEN_API_PATHS.task(taskId));
    expect(polled.body.data.status).toBe('done');
  }, 120000);
});
