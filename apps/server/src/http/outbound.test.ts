import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundRefused, sendOutbound, type Resolve } from './outbound.js';
import { ipv6Groups, isPublicAddress } from './public-address.js';

/** Issue 35 item 4: outbound requests (partner webhooks) reach public addresses only. */
describe('isPublicAddress', () => {
  it.each([
    // loopback, unspecified, private, link-local, CGNAT and metadata (IPv4)
    '127.0.0.1',
    '127.255.0.9',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.100.100.200',
    '100.127.255.255',
    '192.0.0.192',
    '168.63.129.16',
    '198.18.0.1',
    '192.0.2.1',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    // IPv6: loopback, unspecified, unique-local (AWS metadata), link-local, site-local, multicast
    '::1',
    '::',
    'fd00:ec2::254',
    'fc00::1',
    'fe80::1',
    'fec0::1',
    'ff02::1',
    // IPv4-mapped, -compatible and translated forms of refused v4 addresses
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::8.8.8.8',
    '64:ff9b:1::1',
    '::ffff:0:7f00:1',
    // 6to4 embedding a refused v4, Teredo, documentation, discard
    '2002:7f00:1::',
    '2002:a9fe:a9fe::1',
    '2002:6464:64c8::',
    '2001:0:4136:e378::1',
    '2001:db8::1',
    '3fff::1',
    '100::1',
    // zone ids and non-addresses
    'fe80::1%eth0',
    'localhost',
    '',
  ])('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '100.63.255.255', '100.128.0.1', '172.32.0.1', '2606:4700::1111', '2002:808:808::1'])(
    'allows %s',
    (ip) => {
      expect(isPublicAddress(ip)).toBe(true);
    },
  );

  it('expands IPv6 text to its eight groups', () => {
    expect(ipv6Groups('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(ipv6Groups('2001:db8::1')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('1.2.3.4')).toBeUndefined();
  });
});

/**
 * Real sockets on 127.0.0.1 stand in for "public" hosts: the test's `allow` admits 127.0.0.1 and
 * otherwise applies the real policy, and the resolver is a table, so nothing leaves the machine.
 */
describe('sendOutbound', () => {
  const hits: IncomingMessage[] = [];
  let server: Server;
  let port: number;
  const replies = new Map<string, [number, Record<string, string>]>();
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req);
      const [status, headers] = replies.get(req.url ?? '') ?? [204, {}];
      req.resume();
      req.on('end', () => res.writeHead(status, headers).end());
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  const table =
    (names: Record<string, string[]>, calls: string[] = []): Resolve =>
    async (host) => {
      calls.push(host);
      const a = names[host];
      if (!a) throw new Error('ENOTFOUND');
      return a;
    };
  const allow = (ip: string) => ip === '127.0.0.1' || isPublicAddress(ip);
  const post = (url: string, resolve: Resolve) =>
    sendOutbound(url, { method: 'POST', headers: {}, body: '{"a":1}', timeoutMs: 5000, resolve, allow });

  it('connects to the resolved, checked address (the name is never asked of the system DNS)', async () => {
    const calls: string[] = [];
    hits.length = 0;
    const r = await post(`http://hook.partner.test:${port}/ok`, table({ 'hook.partner.test': ['127.0.0.1'] }, calls));
    expect(r.status).toBe(204);
    expect(calls).toEqual(['hook.partner.test']);
    expect(hits.map((h) => [h.method, h.url, h.headers.host])).toEqual([['POST', '/ok', `hook.partner.test:${port}`]]);
  });

  it('refuses a name resolving to a private or metadata address before connecting', async () => {
    hits.length = 0;
    for (const addrs of [['10.0.0.5'], ['100.100.100.200'], ['::ffff:169.254.169.254'], ['8.8.8.8', '192.168.0.1']])
      await expect(post(`http://evil.test:${port}/x`, table({ 'evil.test': addrs }))).rejects.toBeInstanceOf(
        OutboundRefused,
      );
    await expect(post(`http://unknown.test:${port}/x`, table({}))).rejects.toBeInstanceOf(OutboundRefused);
    expect(hits).toEqual([]);
  });

  it('re-checks every redirect hop: a public hop is followed with the same POST, a metadata hop refused', async () => {
    hits.length = 0;
    replies.set('/move', [307, { location: `http://second.test:${port}/moved` }]);
    const calls: string[] = [];
    const names = { 'first.test': ['127.0.0.1'], 'second.test': ['127.0.0.1'], 'meta.test': ['169.254.169.254'] };
    const r = await post(`http://first.test:${port}/move`, table(names, calls));
    expect([r.status, r.url]).toEqual([204, `http://second.test:${port}/moved`]);
    expect(calls).toEqual(['first.test', 'second.test']);
    expect(hits.map((h) => [h.method, h.url])).toEqual([
      ['POST', '/move'],
      ['POST', '/moved'],
    ]);

    hits.length = 0;
    replies.set('/to-meta', [302, { location: 'http://meta.test/latest/meta-data' }]);
    await expect(post(`http://first.test:${port}/to-meta`, table(names))).rejects.toThrow(/169\.254\.169\.254/);
    replies.set('/to-literal', [308, { location: 'http://[::ffff:7f00:1]/' }]);
    await expect(post(`http://first.test:${port}/to-literal`, table(names))).rejects.toThrow(/address refused/);
    expect(hits.map((h) => h.url)).toEqual(['/to-meta', '/to-literal']);
  });

  it('a name that rebinds after the check is not asked again: the checked address is the one used', async () => {
    let n = 0;
    // First answer public (here: the test's 127.0.0.1), any later answer private.
    const rebinding: Resolve = async () => (n++ === 0 ? ['127.0.0.1'] : ['10.0.0.1']);
    hits.length = 0;
    const r = await post(`http://rebind.test:${port}/ok`, rebinding);
    expect([r.status, n, hits.length]).toEqual([204, 1, 1]);
  });

  it('stops after 3 redirects and refuses other schemes', async () => {
    replies.set('/loop', [301, { location: '/loop' }]);
    hits.length = 0;
    await expect(post(`http://first.test:${port}/loop`, table({ 'first.test': ['127.0.0.1'] }))).rejects.toThrow(
      /more than 3 redirects/,
    );
    expect(hits).toHaveLength(4);
    await expect(post('file:///etc/passwd', table({}))).rejects.toBeInstanceOf(OutboundRefused);
  });
});
