import pg from 'pg';

/**
 * Runs `fn` with `n` new, empty databases on the PostgreSQL server of `serverUrl` (the
 * with-postgres.sh run's), dropped afterwards whatever happens: backup tests dump one database
 * and restore into another.
 */
export async function withScratchDatabases(
  serverUrl: string,
  n: number,
  fn: (urls: string[]) => Promise<void>,
): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const suffix = Math.random().toString(36).slice(2, 10);
  const names = Array.from({ length: n }, (_, i) => `tcm_scratch_${i}_${suffix}`);
  try {
    for (const name of names) await admin.query(`create database ${name}`);
    await fn(
      names.map((name) => {
        const u = new URL(serverUrl);
        u.pathname = `/${name}`;
        return u.toString();
      }),
    );
  } finally {
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
