import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { maintenanceRuns } from '../db/schema/index.js';
import { uid } from '../test/factories.js';
import { useTestApp } from '../test/suite.js';
import { MAINTENANCE_TASKS, maintenanceFinishedAt, runPendingMaintenance } from './maintenance.js';

const t = useTestApp();

describe('one-time repairs at the server start', () => {
  it('a repair that throws is logged, left unrecorded and tried again at the next start; the others finish', async () => {
    const broken = `test-broken-${uid()}`;
    const fine = `test-fine-${uid()}`;
    let calls = 0;
    MAINTENANCE_TASKS[broken] = async () => {
      calls += 1;
      if (calls === 1) throw new Error('disk on fire');
      return { fixed: 1 };
    };
    MAINTENANCE_TASKS[fine] = async () => ({ fixed: 0 });
    const lines: string[] = [];
    const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
    try {
      const first = await runPendingMaintenance(t.database.db, log);
      expect(first).toContain(fine);
      expect(first).not.toContain(broken);
      expect(lines.join('\n')).toContain(`${broken}: failed, retried at the next start: disk on fire`);
      expect(await maintenanceFinishedAt(t.database.db, broken)).toBeUndefined();

      const second = await runPendingMaintenance(t.database.db, log);
      expect(second).toEqual([broken]);
      const [row] = await t.database.db.select().from(maintenanceRuns).where(eq(maintenanceRuns.name, broken));
      expect(row?.detail).toEqual({ fixed: 1 });
      expect(await runPendingMaintenance(t.database.db, log)).toEqual([]);
    } finally {
      delete MAINTENANCE_TASKS[broken];
      delete MAINTENANCE_TASKS[fine];
      await t.database.db.delete(maintenanceRuns).where(eq(maintenanceRuns.name, broken));
      await t.database.db.delete(maintenanceRuns).where(eq(maintenanceRuns.name, fine));
    }
  });
});
