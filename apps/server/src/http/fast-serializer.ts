import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * A route's response serializer compiled once from its zod schema: the JSON schema derived from it
 * (z.toJSONSchema, output side, as the OpenAPI document derives its own), compiled by
 * fast-json-stringify. The app's default (fastify-type-provider-zod) parses every answer with zod
 * and then runs JSON.stringify: ~3 ms of a 100-row record page, twice over for a record's ~75 KB
 * of results (already parsed when read; docs/server.md "List at 1 M records").
 *
 * What it keeps: only the schema's properties are written (additionalProperties false: nothing
 * extra leaks, in a union's branch too), optional ones when present. What it gives up: the answer is no longer checked
 * against the schema on the way out (a wrong value is coerced or throws, not a 500 from zod), so
 * it is for routes whose answer a typed presenter builds; their tests compare it with the zod
 * serializer's output (records.serializer.test.ts). Used by the record list route only: a record's
 * detail holds engine outcomes, unions that fast-json-stringify resolves by validating the value
 * against each branch (ajv), which for a long pulse recording held the event loop for half a
 * second; the detail keeps the zod serializer.
 */
export const fastSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!(schema instanceof z.ZodType)) throw new Error('fastSerializerCompiler takes a zod schema');
  return fastJson(jsonSchemaOf(schema) as Parameters<typeof fastJson>[0]);
};

/**
 * The output side's JSON schema (draft 7, what fast-json-stringify reads) without
 * `additionalProperties: false`. fast-json-stringify writes only the listed properties either way;
 * but inside a union (an engine outcome: done | failed) it picks the branch by validating the
 * value, and with the keyword an unlisted key matched no branch and the whole answer threw, where
 * zod strips the key and answers.
 */
export function jsonSchemaOf(schema: z.ZodType): object {
  return withoutClosedObjects(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }));
}

function withoutClosedObjects<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withoutClosedObjects) as T;
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node))
    if (!(k === 'additionalProperties' && v === false)) out[k] = withoutClosedObjects(v);
  return out as T;
}
