import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './public-address.js';

/** Host name → its addresses. Tests inject a table, so no query leaves the machine. */
export type Resolve = (host: string) => Promise<string[]>;

export const systemResolve: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** The request was not sent (or not followed) because of where it would have gone. */
export class OutboundRefused extends Error {}

export interface OutboundRequest {
  method: 'POST';
  headers: Record<string, string>;
  body: string;
  /** For the whole exchange, redirects included. */
  timeoutMs: number;
  maxRedirects?: number;
  resolve?: Resolve;
  /** Which resolved addresses may be reached: public ones unless a test or an operator says more. */
  allow?: (ip: string) => boolean;
}

export interface OutboundAnswer {
  status: number;
  /** The URL that answered (after the redirects followed). */
  url: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Resolves the URL's host once and checks every address it has: one refused address refuses the
 * host (a name answering a public and a private address must not get a second chance). Answers
 * the address the connection will use.
 */
async function pin(url: URL, resolve: Resolve, allow: (ip: string) => boolean): Promise<string> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch (e) {
    throw new OutboundRefused(`${host} does not resolve: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!addresses.length) throw new OutboundRefused(`${host} does not resolve`);
  const refused = addresses.find((a) => !allow(a));
  if (refused !== undefined) throw new OutboundRefused(`address refused: ${host} → ${refused}`);
  return addresses[0]!;
}

/** One exchange with the connection pinned to `address` (the `lookup` never asks DNS again). */
function exchange(
  url: URL,
  address: string,
  req: OutboundRequest,
  signal: AbortSignal,
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  const family = isIP(address);
  const pinned: LookupFunction = (_host, options, cb) => {
    if (options.all) cb(null, [{ address, family }]);
    else cb(null, address, family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const r = send(
      url,
      {
        method: req.method,
        headers: { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) },
        lookup: pinned,
        agent: false,
        signal,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.end(req.body);
  });
}

/**
 * Sends a request to a caller-chosen URL, reaching only allowed (by default public) addresses
 * (docs/security.md "Outbound requests"): the host is resolved and checked before connecting and
 * the connection uses that very address, so a DNS answer that changes between check and connect
 * (rebinding) is never used. Redirects are followed by hand, each hop checked the same way, the
 * method and body kept (a webhook is a POST), at most `maxRedirects` (3), never from https to http.
 */
export async function sendOutbound(target: string, req: OutboundRequest): Promise<OutboundAnswer> {
  const resolve = req.resolve ?? systemResolve;
  const allow = req.allow ?? isPublicAddress;
  const signal = AbortSignal.timeout(req.timeoutMs);
  let url = new URL(target);
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new OutboundRefused(`scheme refused: ${url.protocol}`);
    if (url.username || url.password) throw new OutboundRefused('credentials in the URL refused');
    const address = await pin(url, resolve, allow);
    const res = await exchange(url, address, req, signal);
    const location = res.headers.location;
    if (!REDIRECTS.has(res.status) || !location) return { status: res.status, url: url.toString() };
    if (hop >= (req.maxRedirects ?? 3)) throw new OutboundRefused(`more than ${req.maxRedirects ?? 3} redirects`);
    const next = new URL(location, url);
    if (url.protocol === 'https:' && next.protocol === 'http:')
      throw new OutboundRefused('redirect from https to http');
    url = next;
  }
}
