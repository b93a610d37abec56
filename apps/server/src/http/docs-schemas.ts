import * as contract from '@tcm/contract';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * How the routes' zod schemas become the OpenAPI document's JSON Schemas (docs/open-api.md
 * "The server's API document"). Only the document is concerned: requests are still validated and
 * answers serialized by the zod schemas themselves (app.ts), which this file never touches.
 *
 * Every zod schema the contract exports gets a component name from its export name (recordDetailSchema →
 * RecordDetail) in a registry of the document's own, so that a schema used by several routes is
 * written once under components/schemas and referenced, and the recursive menu tree is a
 * component that references itself (inline, zod's `$defs` of a cycle were lost and left
 * `#/components/schemas/schema0` dangling).
 */
export const docsRegistry = z.registry<{ id: string }>();

/** `recordDetailSchema` → `RecordDetail`. */
export function componentName(exportName: string): string {
  const base = exportName.replace(/Schema$/, '');
  return base.charAt(0).toUpperCase() + base.slice(1);
}

function registerContract(): void {
  const named: Array<[string, z.ZodType]> = [];
  for (const [name, value] of Object.entries(contract) as Array<[string, unknown]>)
    if (value instanceof z.ZodType) named.push([name, value]);
  named.sort(([a], [b]) => a.localeCompare(b));
  const ids = new Set(named.map(([name]) => componentName(name)));
  for (const [name, schema] of named) {
    // The same schema exported under two names keeps the first.
    if (docsRegistry.has(schema)) continue;
    let id = componentName(name);
    // The request side of a component is named `<id>Input` by the transform: an export already
    // called so would collide with it.
    if (id.endsWith('Input') && ids.has(id.slice(0, -'Input'.length))) id = `${id}Value`;
    docsRegistry.add(schema, { id });
  }
}
registerContract();

type Json = unknown;
type JsonObject = Record<string, Json>;
const isObject = (v: Json): v is JsonObject => !!v && typeof v === 'object' && !Array.isArray(v);

/** What zod's openapi-3.0 target itself writes for `null` (a type with only null allowed). */
const NULL_BRANCH = { type: 'string', nullable: true, enum: [null] };

/**
 * OpenAPI 3.0 gives `nullable` a meaning only next to a `type` (3.0.3 clarification; redocly's
 * nullable-type-sibling). zod writes `{ nullable, anyOf }` for a nullable union and
 * `{ nullable }` for a nullable unknown: the first gets null as a branch of its own, the second
 * loses the keyword (a schema without a type already allows null).
 */
export function fixNullable(node: Json): Json {
  if (Array.isArray(node)) return node.map(fixNullable);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === 'enum' || k === 'example' ? v : fixNullable(v);
  if (out.nullable === true && out.type === undefined && out.$ref === undefined) {
    delete out.nullable;
    for (const key of ['anyOf', 'oneOf'] as const) {
      const branches = out[key];
      if (Array.isArray(branches)) out[key] = [...(branches as Json[]), NULL_BRANCH];
    }
  }
  return out;
}

const REF = '#/components/schemas/';

/** The components that the paths use, directly or through each other. */
export function referencedComponents(paths: Json, schemas: Record<string, Json>): Record<string, Json> {
  const names = new Set<string>();
  const visit = (node: Json): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith(REF)) {
        const name = v.slice(REF.length);
        if (!names.has(name)) {
          names.add(name);
          visit(schemas[name]);
        }
      } else visit(v);
    }
  };
  visit(paths);
  return Object.fromEntries([...names].sort().map((n) => [n, schemas[n]]));
}

type Transform = ReturnType<typeof createJsonSchemaTransform>;
type TransformObject = ReturnType<typeof createJsonSchemaTransformObject>;

const routeTransform = createJsonSchemaTransform({ schemaRegistry: docsRegistry });
/**
 * @fastify/swagger spreads params, querystring and headers into parameters from their schema's own
 * properties (through unions too), which a reference has not: those three stay inline.
 */
const inlineTransform = createJsonSchemaTransform({ schemaRegistry: z.registry<{ id: string }>() });
const objectTransform = createJsonSchemaTransformObject({ schemaRegistry: docsRegistry });

/** Per route: the zod schemas to JSON Schema, shared ones as references. */
export const docsTransform: Transform = (route) => {
  const { schema, url } = routeTransform(route);
  if (!isObject(route.schema) || !isObject(schema)) return { schema, url };
  const { params, querystring, headers } = route.schema;
  const inline = inlineTransform({ ...route, schema: { params, querystring, headers } }).schema;
  return { schema: fixNullable({ ...schema, ...inline }) as typeof schema, url };
};

/** The whole document: the referenced components only (the registry names every contract export). */
export const docsTransformObject: TransformObject = (document) => {
  const doc = objectTransform(document) as { paths?: Json; components?: { schemas?: Record<string, Json> } };
  const schemas = fixNullable(doc.components?.schemas ?? {}) as Record<string, Json>;
  return {
    ...doc,
    components: { ...doc.components, schemas: referencedComponents(doc.paths, schemas) },
  } as ReturnType<TransformObject>;
};
