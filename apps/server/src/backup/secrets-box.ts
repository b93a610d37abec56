import { createCipheriv, createDecipheriv, randomBytes, scrypt, type ScryptOptions } from 'node:crypto';

/** The format name, also the cipher's associated data: a sealed file of another kind does not open. */
const FORMAT = 'tcm-secrets-1';
/**
 * scrypt cost: N = 2^15, r = 8 (32 MiB, ~0.1 s per try on one core): the file may leave the host
 * (off-site backups), so a guess at a weak passphrase must cost real work.
 */
const KDF = { N: 1 << 15, r: 8, p: 1 } as const;
const MIN_PASSPHRASE = 12;

interface Sealed {
  format: typeof FORMAT;
  kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string };
  cipher: 'aes-256-gcm';
  iv: string;
  tag: string;
  data: string;
}

/** A refusal the backup CLI prints as is: a short or wrong passphrase, a file that is not ours. */
export class SecretsBoxError extends Error {}

function deriveKey(passphrase: string, salt: Buffer, kdf: Pick<Sealed['kdf'], 'N' | 'r' | 'p'>): Promise<Buffer> {
  const opts: ScryptOptions = { ...kdf, maxmem: 256 * kdf.N * kdf.r };
  return new Promise((resolve, reject) =>
    scrypt(passphrase, salt, 32, opts, (e, key) => (e ? reject(e) : resolve(key))),
  );
}

export function checkPassphrase(passphrase: string): void {
  if (passphrase.length < MIN_PASSPHRASE)
    throw new SecretsBoxError(`the backup passphrase must have at least ${MIN_PASSPHRASE} characters`);
}

/** Encrypts `values` (the server's keys) with a key derived from `passphrase`: scrypt, then AES-256-GCM. */
export async function sealSecrets(values: Record<string, string>, passphrase: string): Promise<string> {
  checkPassphrase(passphrase);
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(passphrase, salt, KDF), iv);
  cipher.setAAD(Buffer.from(FORMAT));
  const data = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()]);
  const sealed: Sealed = {
    format: FORMAT,
    kdf: { name: 'scrypt', ...KDF, salt: salt.toString('base64') },
    cipher: 'aes-256-gcm',
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
  return JSON.stringify(sealed, null, 2) + '\n';
}

/** Decrypts what sealSecrets wrote; a wrong passphrase or a changed byte fails GCM's check. */
export async function openSecrets(text: string, passphrase: string): Promise<Record<string, string>> {
  let sealed: Sealed;
  try {
    sealed = JSON.parse(text) as Sealed;
  } catch {
    throw new SecretsBoxError('the secrets file is not a sealed secrets file of this server');
  }
  if (sealed.format !== FORMAT || sealed.kdf?.name !== 'scrypt' || sealed.cipher !== 'aes-256-gcm')
    throw new SecretsBoxError('the secrets file is not a sealed secrets file of this server');
  // The cost comes from the file, bounded: a crafted file must not make scrypt take the host's memory.
  if (sealed.kdf.N > 1 << 20 || sealed.kdf.r > 16 || sealed.kdf.p > 4)
    throw new SecretsBoxError('the secrets file asks for an scrypt cost beyond this server');
  const key = await deriveKey(passphrase, Buffer.from(sealed.kdf.salt, 'base64'), sealed.kdf);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAAD(Buffer.from(FORMAT));
  try {
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as Record<string, string>;
  } catch {
    throw new SecretsBoxError('wrong backup passphrase (or a damaged secrets file)');
  }
}
