import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { SPEC_ERRORS } from '@tcm/contract';
import { devices, recordsTable, users } from '../../db/schema/index.js';
import { D, q, R, U } from './records.list-sql.js';
import type { RecordSummaryRow } from './records.repo.js';

/**
 * A record's detail, answered from memory while the record has not changed (docs/server.md
 * "Record detail cache"). The detail is the most frequent call (the result page polls it, and
 * people reopen results), and building it cost 4-5 statements (the row with its results, the
 * owner's and the device's names, the files), the stored results parsed when read, and the whole
 * answer parsed again by zod on the way out: about 9 ms of CPU per call, the largest share of
 * the mixed traffic's (bench:mixed BENCH_COST).
 *
 * Each call still reads, in one statement, what decides access (owner, subject, team) and what
 * the answer depends on that can change: the row's version (PostgreSQL's `xmin`, which every
 * UPDATE of the row renews, whichever code path wrote it, so no writer has to remember the cache)
 * and the owner's and device's current names. The cached answer is used only when all of these
 * are the same as when it was built, and for at most `maxAgeMs` (the signed file URLs in it
 * expire: the age is kept well below FILE_URL_TTL_S). Stored files and their waveforms never
 * change. The cache is per process; each process checks the row itself, so several processes
 * never serve each other's stale answers.
 */

const STAMP_SQL =
  `select ${R}.xmin::text, ${R}.${q(recordsTable.ownerUserId.name)}, ${R}.${q(recordsTable.subjectUserId.name)},` +
  ` ${R}.${q(recordsTable.teamId.name)}, ${U}.${q(users.name.name)}, ${D}.${q(devices.name.name)}` +
  ` from ${R} left join ${U} on ${U}.${q(users.id.name)} = ${R}.${q(recordsTable.ownerUserId.name)}` +
  ` left join ${D} on ${D}.${q(devices.id.name)} = ${R}.${q(recordsTable.deviceId.name)}` +
  ` where ${R}.${q(recordsTable.id.name)} = $1`;

/** What decides who may see a record, and the version of everything its detail shows. */
export interface RecordStamp extends Pick<RecordSummaryRow, 'ownerUserId' | 'subjectUserId' | 'teamId'> {
  stamp: string;
}

/** The record's access fields and version in one light statement (no results, no files); undefined when it does not exist. */
export async function recordStamp(pool: pg.Pool, id: string): Promise<RecordStamp | undefined> {
  type Row = [string, string | null, string | null, string | null, string | null, string | null];
  const { rows } = await pool.query<Row>({ text: STAMP_SQL, values: [id], rowMode: 'array' });
  const row = rows[0];
  if (!row) return undefined;
  const [version, ownerUserId, subjectUserId, teamId, ownerName, deviceName] = row;
  // JSON of the parts: a name holding any separator cannot make two stamps equal.
  return { stamp: JSON.stringify([version, ownerName, deviceName]), ownerUserId, subjectUserId, teamId };
}

interface Entry {
  stamp: string;
  json: string;
  at: number;
}

/** Details as JSON text by record id, least recently used dropped first past `maxBytes`. */
export class DetailCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached detail when it was built from this very stamp, not longer than maxAgeMs ago. */
  get(id: string, stamp: string): string | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    if (e.stamp !== stamp || this.now() - e.at > this.maxAgeMs) {
      this.drop(id, e);
      return undefined;
    }
    // Most recently used goes last (a Map keeps insertion order).
    this.entries.delete(id);
    this.entries.set(id, e);
    return e.json;
  }

  set(id: string, stamp: string, json: string): void {
    const old = this.entries.get(id);
    if (old) this.drop(id, old);
    // A JS string of n UTF-16 units holds about 2n bytes at most; the estimate errs on the high side.
    const size = 2 * json.length;
    if (this.maxBytes <= 0 || size > this.maxBytes / 4) return;
    this.entries.set(id, { stamp, json, at: this.now() });
    this.bytes += size;
    for (const [oldest, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest, e);
    }
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private drop(id: string, e: Entry): void {
    this.entries.delete(id);
    this.bytes -= 2 * e.json.length;
  }
}

/** An answer already written as JSON text (the whole envelope), passed through the route's serializer as is. */
export class SerializedAnswer {
  constructor(readonly json: string) {}

  /**
   * The success envelope around data already serialized: the same text the zod serializer
   * writes for `ok(data, lang)` (its keys in the schema's order: code, msg, data).
   */
  static ok(dataJson: string, lang: 'zh' | 'en'): SerializedAnswer {
    return new SerializedAnswer(`{"code":0,"msg":${JSON.stringify(SPEC_ERRORS.OK[lang])},"data":${dataJson}}`);
  }
}

/** `data` as the zod serializer writes it inside the envelope (encoded by its schema, then JSON). */
export const serializeData = <T extends z.ZodType>(schema: T, data: z.output<T>): string =>
  JSON.stringify(z.encode(schema, data));

/**
 * The app's zod serializer for everything else a route answers, and SerializedAnswer as written:
 * its data was serialized by that same zod schema when it was cached (`serializeData`).
 */
export const serializedOrZod: FastifySerializerCompiler<unknown> = (route) => {
  const zod = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  return (data) => (data instanceof SerializedAnswer ? data.json : zod(data));
};
