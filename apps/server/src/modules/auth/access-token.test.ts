import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { jwtVerify, SignJWT } from 'jose';
import { Hs256Verifier } from './access-token.js';

const SECRET = new TextEncoder().encode('access-token-test-secret-0123456789abcdef');
const ISSUER = 'tcm-platform';
const now = Math.floor(Date.now() / 1000);

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
/** A token signed by hand, so headers and claims jose would never write can be tried too. */
function handMade(header: unknown, claims: unknown, secret: Uint8Array = SECRET): string {
  const signingInput = `${b64(header)}.${b64(claims)}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
}

const claims = { sub: 'u1', sid: 's1', ent: 'doctor', iss: ISSUER, iat: now, exp: now + 900 };
const good = handMade({ alg: 'HS256' }, claims);

/** What jose's jwtVerify, as the token service called it before, says of the token. */
const joseAccepts = (token: string) =>
  jwtVerify(token, SECRET, { issuer: ISSUER, algorithms: ['HS256'] }).then(
    () => true,
    () => false,
  );

describe('Hs256Verifier (the access token, synchronously)', () => {
  const verifier = new Hs256Verifier(SECRET, ISSUER);

  it('accepts what jose signs and returns its claims', async () => {
    const token = await new SignJWT({ sid: 's1', ent: 'member' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime('900s')
      .sign(SECRET);
    expect(verifier.verify(token)).toMatchObject({ sub: 'u1', sid: 's1', ent: 'member', iss: ISSUER });
  });

  // Each case: a token and whether it must pass; jose must agree on every one but the padded
  // signature, which jose's decoder tolerates and we refuse: no token we issue has padding.
  const tamperedPayload = `${good.split('.')[0]}.${b64({ ...claims, sub: 'admin' })}.${good.split('.')[2]}`;
  const cases: [string, string, boolean][] = [
    ['intact', good, true],
    ['typ JWT in the header', handMade({ alg: 'HS256', typ: 'JWT' }, claims), true],
    ['another secret', handMade({ alg: 'HS256' }, claims, new TextEncoder().encode('x'.repeat(40))), false],
    ['payload changed after signing', tamperedPayload, false],
    ['signature cut short', good.slice(0, -2), false],
    ['a fourth segment', `${good}.x`, false],
    ['empty signature', `${good.split('.').slice(0, 2).join('.')}.`, false],
    ['alg none', `${b64({ alg: 'none' })}.${b64(claims)}.`, false],
    ['alg HS512 header over an HS256 MAC', handMade({ alg: 'HS512' }, claims), false],
    ['a critical extension', handMade({ alg: 'HS256', crit: ['b64'], b64: false }, claims), false],
    ['header not JSON', handMade('not json', claims), false],
    ['header an array', handMade(['HS256'], claims), false],
    ['claims an array', handMade({ alg: 'HS256' }, [claims]), false],
    ['claims not JSON', handMade({ alg: 'HS256' }, '{"sub":'), false],
    ['another issuer', handMade({ alg: 'HS256' }, { ...claims, iss: 'someone-else' }), false],
    ['no issuer', handMade({ alg: 'HS256' }, { ...claims, iss: undefined }), false],
    ['expired a second ago', handMade({ alg: 'HS256' }, { ...claims, exp: now - 1 }), false],
    ['expiring this very second', handMade({ alg: 'HS256' }, { ...claims, exp: now }), false],
    ['exp a string', handMade({ alg: 'HS256' }, { ...claims, exp: String(now + 900) }), false],
    ['not before a minute from now', handMade({ alg: 'HS256' }, { ...claims, nbf: now + 60 }), false],
    ['not before now', handMade({ alg: 'HS256' }, { ...claims, nbf: now }), true],
    ['iat a string', handMade({ alg: 'HS256' }, { ...claims, iat: 'yesterday' }), false],
    ['no exp at all (the service refuses it after)', handMade({ alg: 'HS256' }, { ...claims, exp: undefined }), true],
  ];
  it.each(cases)('%s: as jose decides', async (_name, token, passes) => {
    expect(verifier.verify(token) !== null).toBe(passes);
    expect(await joseAccepts(token)).toBe(passes);
  });

  it('refuses a padded signature that jose lets through (stricter, never looser)', async () => {
    expect(await joseAccepts(`${good}=`)).toBe(true);
    expect(verifier.verify(`${good}=`)).toBeNull();
  });
});
