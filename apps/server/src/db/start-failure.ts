import { dirname } from 'node:path';

/** The phases of opening the embedded database that a start failure names. */
export type EmbeddedPhase = 'open' | 'migrations';

const PHASE_TEXT: Record<EmbeddedPhase, string> = {
  open: 'opening the data folder',
  migrations: 'applying the migrations',
};

/** A start failure on the embedded database; main.ts prints its message as is (no stack). */
export class EmbeddedStartError extends Error {}

/**
 * The message when the embedded database cannot open (issue 35 item 2: a damaged folder gave
 * only PGlite's `Aborted(). Build with -sASSERTIONS`): it names the folder, the phase, and the
 * way back (db:check to verify, backup restore to replace the folder, which is moved aside, not
 * deleted).
 */
export function embeddedStartFailure(folder: string, phase: EmbeddedPhase, cause: unknown): EmbeddedStartError {
  const why = cause instanceof Error ? cause.message : String(cause);
  const env = `DATA_DIR=${dirname(folder)}`;
  return new EmbeddedStartError(
    [
      `the embedded database in ${folder} could not start (phase: ${PHASE_TEXT[phase]}): ${why}`,
      `The folder may be damaged (a kill or a full disk during a write, or two servers on it at once).`,
      `Check it without serving:  ${env} npm run -s db:check -w @tcm/server`,
      `Restore the latest backup (the damaged folder is moved aside, not deleted):`,
      `  ${env} npm run -s backup -w @tcm/server -- list`,
      `  ${env} npm run -s backup -w @tcm/server -- restore <file> --force`,
      `(docs/deploy.md "Backups" says what a restore needs.)`,
    ].join('\n'),
    { cause },
  );
}
