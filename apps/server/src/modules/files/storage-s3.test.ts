import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage, signV4 } from './storage-s3.js';

const EMPTY_SHA = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('AWS Signature V4', () => {
  it('reproduces the signature of the documented S3 example (GET Object with Range)', () => {
    const auth = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': EMPTY_SHA,
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: EMPTY_SHA,
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      amzDate: '20130524T000000Z',
    });
    expect(auth).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

// A local server that speaks the S3 protocol (s3rver, an npm dev dependency): real HTTP, path-style
// buckets, files in a temporary folder; S3 itself cannot be reached from here. s3rver checks the
// access key but does not recompute V4 signatures: the documented AWS example above does that.
describe('S3 storage against a local S3-protocol server (s3rver)', () => {
  let server: S3rver;
  let endpoint = '';
  let dir = '';
  const opts = () => ({
    endpoint,
    bucket: 'tcm-test',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    prefix: 'files/',
  });
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tcm-s3-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      // Bucket creation is an operator's job in production; the test server starts with one.
      configureBuckets: [{ name: 'tcm-test', configs: [] }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  }, 30000);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates nothing it cannot read back: put, get, delete, 404 after delete', async () => {
    const s3 = new S3Storage(opts());
    const key = 'ab/ab0c2a8e-0f4f-4b7f-9a5e-1c2d3e4f5a6b';
    const bytes = new Uint8Array([1, 2, 3, 250, 251, 252]);
    await s3.put(key, bytes, 'application/octet-stream');
    expect(await s3.get(key)).toEqual(bytes);
    await s3.delete(key);
    expect(await s3.get(key)).toBeNull();
  }, 30000);

  it('says why when the store refuses it (an unknown access key)', async () => {
    const s3 = new S3Storage({ ...opts(), accessKeyId: 'NOT-A-KEY' });
    await expect(s3.put('cd/cd0c2a8e', new Uint8Array([1]), 'application/octet-stream')).rejects.toThrow(
      /HTTP 403.*InvalidAccessKeyId/s,
    );
  }, 30000);
});
