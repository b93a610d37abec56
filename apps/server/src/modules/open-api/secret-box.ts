import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { SecretSealer } from '../../services.js';

/**
 * App-key secrets at rest: AES-256-GCM under a key kept outside the database (env
 * OPEN_API_SECRET_KEY or DATA_DIR/secrets.json), so a copy of the database alone does not give
 * a partner's secret away. Not a hash: checking an HMAC signature needs the secret itself.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export class SecretBox implements SecretSealer {
  private readonly key: Buffer;

  constructor(material: string) {
    // Any 32+ character string: SHA-256 gives the 256-bit AES key.
    this.key = createHash('sha256').update(material).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return ['v1', iv, c.getAuthTag(), body].map((x) => (typeof x === 'string' ? x : x.toString('base64url'))).join('.');
  }

  open(sealed: string): string {
    const [v, iv, tag, body] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('unreadable sealed secret');
    const d = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
  }
}
