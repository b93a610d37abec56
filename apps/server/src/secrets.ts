import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface Secrets {
  jwtSecret: string;
}

/**
 * Secrets of the embedded default: generated on first start and kept in DATA_DIR/secrets.json
 * (mode 600), so restarts keep sessions valid. An env value always wins.
 */
export function ensureSecrets(dataDir: string, fromEnv: string | undefined): Secrets {
  if (fromEnv) return { jwtSecret: fromEnv };
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const s = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
    if (s.jwtSecret) return { jwtSecret: s.jwtSecret };
  }
  mkdirSync(dataDir, { recursive: true });
  const secrets = { jwtSecret: randomBytes(48).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** A key kept in DATA_DIR/secrets.json under `name`: the env value wins, else generated once. */
function ensureStoredKey(dataDir: string, name: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, 'secrets.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  const kept = stored[name];
  if (typeof kept === 'string') return kept;
  const key = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ ...stored, [name]: key }, null, 2), { mode: 0o600 });
  return key;
}

/**
 * The key that encrypts app-key secrets at rest (docs/open-api.md): the env value, else one
 * generated once into DATA_DIR/secrets.json beside the JWT secret. Set it (like JWT_SECRET) when
 * several processes share one database.
 */
export const ensureOpenApiKey = (dataDir: string, fromEnv: string | undefined): string =>
  ensureStoredKey(dataDir, 'openApiSecretKey', fromEnv);

/**
 * The HMAC key of signed file URLs (docs/security.md §12): the env value, else one generated once
 * into DATA_DIR/secrets.json. Set FILE_URL_KEY when several processes serve files.
 */
export const ensureFileUrlKey = (dataDir: string, fromEnv: string | undefined): string =>
  ensureStoredKey(dataDir, 'fileUrlKey', fromEnv);
