import { createHash, createHmac } from 'node:crypto';
import type { FileStorage } from './storage.js';

export interface S3Options {
  /** e.g. https://s3.eu-west-1.amazonaws.com, http://127.0.0.1:9000 (MinIO), https://oss-cn-hangzhou.aliyuncs.com */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Key prefix inside the bucket. */
  prefix?: string;
}

const sha256Hex = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');
const hmac = (key: Uint8Array | string, s: string) => createHmac('sha256', key).update(s).digest();
/** RFC 3986 encoding as SigV4 wants it (keeps unreserved characters, '/' handled by the caller). */
const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface SignInput {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  service?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** yyyyMMddTHHmmssZ */
  amzDate: string;
}

/**
 * AWS Signature Version 4 (the documented algorithm: canonical request → string to sign →
 * derived key → signature). Returns the Authorization header value.
 */
export function signV4(i: SignInput): string {
  const service = i.service ?? 's3';
  const date = i.amzDate.slice(0, 8);
  const headers = Object.entries(i.headers).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')] as const);
  headers.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = headers.map(([k]) => k).join(';');
  const query = [...i.url.searchParams.entries()]
    .map(([k, v]) => [enc(k), enc(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const path = i.url.pathname
    .split('/')
    .map((seg) => enc(decodeURIComponent(seg)))
    .join('/');
  const canonical = [
    i.method,
    path || '/',
    query,
    headers.map(([k, v]) => `${k}:${v}\n`).join(''),
    signedHeaders,
    i.payloadHash,
  ].join('\n');
  const scope = `${date}/${i.region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', i.amzDate, scope, sha256Hex(canonical)].join('\n');
  const kDate = hmac(`AWS4${i.secretAccessKey}`, date);
  const kSigning = hmac(hmac(hmac(kDate, i.region), service), 'aws4_request');
  const signature = createHmac('sha256', kSigning).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${i.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

const amzNow = () =>
  new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** S3-compatible object storage over plain HTTPS with SigV4, path-style addressing. */
export class S3Storage implements FileStorage {
  readonly name = 's3';
  constructor(private readonly o: S3Options) {}

  private url(key: string): URL {
    const base = this.o.endpoint.replace(/\/+$/, '');
    const full = `${this.o.prefix ?? ''}${key}`;
    return new URL(`${base}/${enc(this.o.bucket)}/${full.split('/').map(enc).join('/')}`);
  }

  private async send(method: string, key: string, body?: Uint8Array, mime?: string): Promise<Response> {
    const url = this.url(key);
    const payloadHash = sha256Hex(body ?? '');
    const amzDate = amzNow();
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
      ...(mime ? { 'content-type': mime } : {}),
    };
    const authorization = signV4({
      method,
      url,
      headers,
      payloadHash,
      region: this.o.region,
      accessKeyId: this.o.accessKeyId,
      secretAccessKey: this.o.secretAccessKey,
      amzDate,
    });
    const { host: _host, ...sent } = headers;
    return fetch(url, { method, headers: { ...sent, authorization }, body: body ? Buffer.from(body) : undefined });
  }

  async put(key: string, bytes: Uint8Array, mime: string): Promise<void> {
    const res = await this.send('PUT', key, bytes, mime);
    if (!res.ok) throw new Error(`S3 PUT ${key}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
  }

  async get(key: string): Promise<Uint8Array | null> {
    const res = await this.send('GET', key);
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`S3 GET ${key}: HTTP ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key}: HTTP ${res.status}`);
  }
}
