import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, OPEN_API_PATHS, USER_PATHS } from '@tcm/contract';
import { buildUser } from '../test/factories.js';
import { listenLocal } from '../test/http.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * The server's API document (/backend/docs/json) stays valid OpenAPI and usable: the maintained
 * validators accept it and a client generated from it compiles and talks to a real server
 * (docs/open-api.md "The server's API document"). One server, the document fetched once.
 */

// Typed by the generated `paths`: a wrong path, parameter or body field fails to compile.
const CLIENT = `
import createClient from 'openapi-fetch';
import type { paths } from './api.js';

export async function run(baseUrl: string, clientAuth: string, loginName: string, loginPassword: string) {
  const api = createClient<paths>({ baseUrl });
  const anonymous = await api.GET('${USER_PATHS.currentSysuser}');
  const signIn = await api.POST('${AUTH_PATHS.pwdSignin}', {
    body: { loginName, loginPassword },
    headers: { authorization: clientAuth },
  });
  // @ts-expect-error the document types loginName as a string
  void (() => api.POST('${AUTH_PATHS.pwdSignin}', { body: { loginName: 1, loginPassword } }));
  const token: string = signIn.data?.data.access_token ?? '';
  const headers = { authorization: 'Bearer ' + token };
  const me = await api.GET('${USER_PATHS.currentSysuser}', { headers });
  const tree = await api.GET('/backend/sys/v1/menu/tree/{id}', { params: { path: { id: 0 } }, headers });
  const roots = tree.data?.data ?? [];
  // The menu tree is recursive: a child's children are typed too.
  const depth = (nodes: typeof roots): number => Math.max(0, ...nodes.map((n) => 1 + depth(n.children)));
  const one = await api.GET('/backend/sys/v1/menu/findById/{id}', { params: { path: { id: roots[0]?.id ?? 0 } }, headers });
  return {
    anonymous: anonymous.response.status,
    signIn: signIn.response.status,
    loginName: me.data?.data.loginName,
    roles: me.data?.data.roles,
    roots: roots.length,
    depth: depth(roots),
    firstRoot: one.data?.data.name === roots[0]?.name,
  };
}
`;

let t: TestApp;
let baseUrl: string;
let doc: Record<string, unknown>;
let text: string;
/** The partners' document, cut from the same one (docs/open-api.md). */
let partnerText: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenLocal(t);
  const res = await fetch(`${baseUrl}/backend/docs/json`);
  text = await res.text();
  doc = JSON.parse(text) as Record<string, unknown>;
  partnerText = await (await fetch(`${baseUrl}${OPEN_API_PATHS.document}`)).text();
});
afterAll(() => t?.close());

describe('the server API document', () => {
  it("is valid OpenAPI for swagger-parser (every reference resolves), the partners' too", async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    await expect(SwaggerParser.validate(JSON.parse(partnerText) as never)).resolves.toBeTruthy();
  });

  it("has no error under redocly's recommended rules, the partners' neither", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const errors = async (source: string, absoluteRef: string) =>
      (await lintFromString({ source, absoluteRef, config }))
        .filter((p) => p.severity === 'error')
        .map((p) => `${p.ruleId}: ${p.message} ${p.location[0]?.pointer ?? ''}`);
    expect(await errors(text, '/backend/docs/json')).toEqual([]);
    expect(await errors(partnerText, OPEN_API_PATHS.document)).toEqual([]);
  });

  it('writes shared and recursive schemas once, as named components', () => {
    const schemas = (doc.components as { schemas: Record<string, unknown> }).schemas;
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['MenuNode', 'RecordDetail', 'PwdSigninBodyInput']));
    expect(JSON.stringify(schemas.MenuNode)).toContain('"$ref":"#/components/schemas/MenuNode"');
    // Written out in full, the record detail alone appeared in a dozen operations (927 KB in all).
    expect(text.split('"$ref":"#/components/schemas/RecordDetail"').length - 1).toBeGreaterThan(1);
  });

  it('generates a typed client (openapi-typescript, openapi-fetch) that compiles and calls the server', async () => {
    // Under the server's node_modules, so that the compiled client resolves openapi-fetch.
    const here = dirname(fileURLToPath(import.meta.url));
    const modules = join(here, '../../node_modules');
    mkdirSync(modules, { recursive: true });
    const dir = mkdtempSync(join(modules, '.openapi-client-'));
    try {
      writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
      writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(structuredClone(doc) as never)));
      writeFileSync(join(dir, 'client.ts'), CLIENT);
      const program = ts.createProgram([join(dir, 'client.ts')], {
        strict: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        skipLibCheck: true,
        outDir: dir,
        types: [],
      });
      const diagnostics = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(diagnostics).toEqual([]);
      expect(program.emit().emitSkipped).toBe(false);

      const user = await buildUser(t.database.db, { roleCodes: ['admin'] });
      const { run } = (await import(pathToFileURL(join(dir, 'client.js')).href)) as {
        run: (...args: string[]) => Promise<Record<string, unknown>>;
      };
      const out = await run(baseUrl, t.client, user.loginName, user.password);
      expect(out).toMatchObject({ anonymous: 401, signIn: 200, loginName: user.loginName, firstRoot: true });
      expect(out.roles).toContain('admin');
      expect(out.roots).toBeGreaterThan(0);
      expect(out.depth).toBeGreaterThan(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
