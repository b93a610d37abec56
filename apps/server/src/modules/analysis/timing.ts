/**
 * The analysis queue's clocks, in one place so that they fit each other (docs/server.md "Load,
 * faults and fuzzing"): a job outlives its attempt, a live worker's heartbeat is far more frequent
 * than the silence after which its record counts as orphaned, and the sweep that finds orphans
 * runs often enough that an analysis cut off by a crash finishes within 30 s of the restart.
 */

/** Longest one attempt's engines may take; beyond it the engine child is killed (transient failure). */
export const ATTEMPT_TIMEOUT_MS = 5 * 60 * 1000;

/**
 * pg-boss expires an `active` job after this long. Longer than one attempt (the attempt times out
 * first and fails the job itself); a job whose process died is found much sooner by the sweep.
 */
export const JOB_EXPIRE_S = ATTEMPT_TIMEOUT_MS / 1000 + 60;

/** How often a worker marks the record it analyses as alive (`updated_at`). */
export const HEARTBEAT_MS = 3000;

/**
 * A `running` record whose heartbeat is this old lost its worker (process killed); a `queued`
 * record this old with no job waiting or recently taken lost its job. Four heartbeats: a loaded
 * event loop may delay one or two.
 */
export const ORPHAN_AFTER_MS = 12_000;

/** How often each process looks for orphaned records (and once at start). */
export const SWEEP_EVERY_MS = 5000;

/**
 * Jobs one record may have had before an orphaned record is failed instead of queued again: a
 * record that takes its process down with it every time must not do so for ever.
 */
export const MAX_JOBS_PER_RECORD = 6;
