import { loadConfig, type AppConfig } from '../config.js';

/**
 * The configuration of a plain deployment on `dataDir`: no keys in the env (they are generated
 * into DATA_DIR/secrets.json), the seed's password fixed, password sign-in without the captcha,
 * engines on the API thread, no logs.
 */
export const plainConfig = (dataDir: string): AppConfig =>
  loadConfig({
    DATA_DIR: dataDir,
    SEED_PASSWORD: 'seed-password-for-tests',
    LOG_LEVEL: 'silent',
    LOGIN_CAPTCHA_ENTRANCES: 'none',
    ENGINE_POOL_SIZE: '0',
  });
