// What the benchmarks time with: the process CPU time beside the wall clock (on a shared machine
// the CPU time is the better estimate of one free core) and the median of repeated runs.

/** CPU time (user + system) the process has used so far, in ms. */
export const cpuMs = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

/** The median of timings (the upper one of an even count; NaN for none). */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
