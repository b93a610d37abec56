/**
 * Where a start's time goes (issue 25 item 7: a restart took ~100 s on a loaded machine): each
 * phase of main.ts is timed and the banner prints them, with the process's CPU time, so a slow
 * start names its phase. Wall time since the process began (`performance.now()` counts from
 * there), so module loading before main() shows as its own phase.
 */
export class StartPhases {
  private readonly marks: [string, number, number][] = [];
  private last = 0;
  private lastCpu = 0;

  /** Ends the current phase under `name`. */
  mark(name: string): void {
    const now = performance.now();
    const cpu = cpuMs();
    this.marks.push([name, now - this.last, cpu - this.lastCpu]);
    this.last = now;
    this.lastCpu = cpu;
  }

  /** Seconds from process start to the last mark. */
  get totalS(): number {
    return this.last / 1000;
  }

  /** `modules 1.2 s (CPU 0.9), database 0.4 s (CPU 0.3), …; CPU 2.1 s`: wall and CPU seconds. */
  line(): string {
    const s = (ms: number) => (ms / 1000).toFixed(1);
    const phases = this.marks.map(([n, ms, cpu]) => `${n} ${s(ms)} s (CPU ${s(cpu)})`).join(', ');
    return `${phases}; CPU ${s(cpuMs())} s`;
  }
}

function cpuMs(): number {
  const cpu = process.cpuUsage();
  return (cpu.user + cpu.system) / 1000;
}
