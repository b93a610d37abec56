import pg from 'pg';

/** Row count and a content hash of one table. */
export interface TableFingerprint {
  rows: number;
  md5: string;
}

/**
 * Every table outside the system schemas (public, drizzle's journal, pg-boss) → its row count and
 * the md5 of its rows' text forms in sorted order: two databases with equal maps hold the same data.
 */
export async function tableFingerprints(target: string | pg.Pool): Promise<Record<string, TableFingerprint>> {
  // A URL gets its own connection; the embedded database serves one, so its pool is passed instead.
  const client = typeof target === 'string' ? new pg.Client({ connectionString: target }) : target;
  if (client instanceof pg.Client) await client.connect();
  try {
    const { rows: tables } = await client.query<{ schemaname: string; tablename: string }>(
      `select schemaname, tablename from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`,
    );
    const out: Record<string, TableFingerprint> = {};
    for (const t of tables) {
      const name = `${pg.escapeIdentifier(t.schemaname)}.${pg.escapeIdentifier(t.tablename)}`;
      const { rows } = await client.query<{ n: number; md5: string | null }>(
        `select count(*)::int as n, md5(coalesce(string_agg(r::text, E'\\n' order by r::text collate "C"), '')) as md5
           from ${name} r`,
      );
      out[`${t.schemaname}.${t.tablename}`] = { rows: rows[0]!.n, md5: rows[0]!.md5 ?? '' };
    }
    return out;
  } finally {
    if (client instanceof pg.Client) await client.end();
  }
}
