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
