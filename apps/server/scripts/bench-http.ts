/**
 * The load generator's HTTP client (bench-mixed): node:http with a keep-alive agent, answering a
 * WHATWG Response so callers read it as they read fetch's. The generator shares the machine's
 * two cores with the server it measures; fetch (undici) cost it about 0.35-0.8 ms of CPU per
 * request more than node:http (a loopback micro-benchmark, session 22), CPU taken from the server
 * at 200 req/s.
 */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

export interface Sent {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export function send(url: string, init: Sent = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const headers = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0, headers }));
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** A multipart/form-data body with one file field, and its content type. */
export function formWithFile(field: string, filename: string, bytes: Uint8Array): { body: Buffer; type: string } {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}
