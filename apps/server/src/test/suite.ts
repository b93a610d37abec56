import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { adminToken } from './http.js';
import { createTestApp, type TestApp } from './test-app.js';

/** The suite's app with the token of an administrator signed in before the tests (useAdminApp). */
export interface AdminApp extends TestApp {
  readonly admin: string;
}

/**
 * The suite's app, made in a `beforeAll` and closed in an `afterAll`: the three hooks every route
 * suite wrote by hand. What it returns reads the app made by the hook, so it is used inside hooks
 * and tests (`t.app`, `t.database.db`), like the variable it replaces.
 */
export function useTestApp(...args: Parameters<typeof createTestApp>): TestApp {
  let made: TestApp | undefined;
  beforeAll(async () => {
    made = await createTestApp(...args);
  });
  afterAll(async () => {
    await made?.close();
  });
  const current = (): TestApp => {
    if (!made) throw new Error('useTestApp: the app is made in beforeAll; read it in a hook or a test');
    return made;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get config() {
      return current().config;
    },
    get client() {
      return current().client;
    },
    close: () => current().close(),
  };
}

/** useTestApp plus `admin`, a new administrator's access token (adminToken) signed in before the tests. */
export function useAdminApp(...args: Parameters<typeof createTestApp>): AdminApp {
  const t = useTestApp(...args);
  let token: string | undefined;
  beforeAll(async () => {
    token = await adminToken(t);
  });
  return Object.defineProperty(t, 'admin', {
    get: (): string => {
      if (token === undefined) throw new Error('useAdminApp: the token is made in beforeAll');
      return token;
    },
  }) as AdminApp;
}

/**
 * useTestApp serving a web build (WEB_DIST) made of `files`, each by its path inside the build
 * (`index.html`, `assets/app.js`), written to a fresh temporary folder that is removed after the
 * suite; `env` adds the rest of the configuration.
 */
export function useWebApp(
  files: Readonly<Record<string, string | Uint8Array>>,
  env: Readonly<Record<string, string>> = {},
): TestApp {
  const web = mkdtempSync(join(tmpdir(), 'tcm-web-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(web, path)), { recursive: true });
    writeFileSync(join(web, path), content);
  }
  afterAll(() => rmSync(web, { recursive: true, force: true }));
  return useTestApp({ ...env, WEB_DIST: web });
}
