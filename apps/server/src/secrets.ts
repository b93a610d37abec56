import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './config.js';

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

/** The file's contents, {} when there is none. */
function storedSecrets(dataDir: string): Record<string, string> {
  const file = join(dataDir, 'secrets.json');
  if (!existsSync(file)) return {};
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(stored).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/**
 * The keys this server signs and encrypts with, by their names in secrets.json: the file's, with
 * the env values over them (the env wins at start too). What a backup must carry for a restore to
 * keep sign-ins, partners' app-key secrets and signed file URLs (issue 35 item 3).
 */
export function secretsInUse(
  dataDir: string,
  fromEnv: { jwtSecret?: string | undefined; openApiSecretKey?: string | undefined; fileUrlKey?: string | undefined },
): Record<string, string> {
  const env = Object.entries(fromEnv).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '');
  return { ...storedSecrets(dataDir), ...Object.fromEntries(env) };
}

/** Whether DATA_DIR/secrets.json holds other values under any of `values`' names. */
export function secretsDiffer(dataDir: string, values: Record<string, string>): boolean {
  const stored = storedSecrets(dataDir);
  return Object.entries(values).some(([k, v]) => stored[k] !== undefined && stored[k] !== v);
}

/**
 * Writes restored keys into DATA_DIR/secrets.json (mode 600). A file with other values is moved
 * aside to `secrets.json.replaced-<time>` first (kept: it may be the only copy of newer keys).
 */
export function writeRestoredSecrets(dataDir: string, values: Record<string, string>): { movedAside?: string } {
  const file = join(dataDir, 'secrets.json');
  mkdirSync(dataDir, { recursive: true });
  let movedAside: string | undefined;
  if (secretsDiffer(dataDir, values)) {
    movedAside = `${file}.replaced-${new Date().toISOString().replace(/[-:.]/g, '')}`;
    renameSync(file, movedAside);
  }
  const merged = { ...storedSecrets(dataDir), ...values };
  writeFileSync(file, JSON.stringify(merged, null, 2), { mode: 0o600 });
  return movedAside ? { movedAside } : {};
}

/** The keys a backup must carry for `config`: secrets.json's, with its env values over them. */
export const keysInUse = (config: Pick<AppConfig, 'dataDir' | 'jwtSecret' | 'openApi' | 'files'>) =>
  secretsInUse(config.dataDir, {
    jwtSecret: config.jwtSecret,
    openApiSecretKey: config.openApi.secretKey,
    fileUrlKey: config.files.urlKey,
  });
