import type { AppConfig } from './config.js';
import type { Database, Db } from './db/client.js';
import type { TokenService } from './modules/auth/token.service.js';
import type { LoginGuard } from './modules/auth/login-guard.service.js';

/** What every feature module gets from the app: config, database and the shared services. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  tokens: TokenService;
  loginGuard: LoginGuard;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
