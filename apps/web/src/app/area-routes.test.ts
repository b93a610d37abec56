import { describe, expect, it } from 'vitest';
import { doctorRoutes, memberRoutes, menuEntries } from './area-routes.js';

const member = (teamLeader: 0 | 1, canConfigTreatPlan: 0 | 1, displayPermission: 0 | 1) =>
  memberRoutes({ teamLeader, canConfigTreatPlan, displayPermission }).map((r) => r.path);

describe('member routes from member info', () => {
  it('adds the conclusion configuration only for a leader who can configure treatment plans', () => {
    expect(member(1, 1, 0)).toContain('/member/config/resultConfig');
    expect(member(1, 0, 0)).not.toContain('/member/config/resultConfig');
    expect(member(0, 1, 0)).not.toContain('/member/config/resultConfig');
  });
  it('adds the display page only with display permission, as a new tab', () => {
    expect(member(0, 0, 1)).toContain('/member/config/display');
    expect(member(1, 1, 0)).not.toContain('/member/config/display');
    const display = memberRoutes({ teamLeader: 0, canConfigTreatPlan: 0, displayPermission: 1 }).find(
      (r) => r.path === '/member/config/display',
    );
    expect(display?.newTab).toBe(true);
  });
  it('always has home, applications and records; applications stay out of the menu', () => {
    const all = member(0, 0, 0);
    expect(all).toEqual(
      expect.arrayContaining(['/member/config/home', '/member/config/playApply', '/member/config/teamRecord']),
    );
    const menu = menuEntries(memberRoutes({ teamLeader: 0, canConfigTreatPlan: 0, displayPermission: 0 })).map(
      (r) => r.path,
    );
    expect(menu).not.toContain('/member/config/playApply');
    expect(menu).not.toContain('/member/config/bandWeChatSuccess/:idCode');
  });
  it('builds only the pages the server lists: a plain member gets no device records (the 403 glitch)', () => {
    const pages = ['/member/config/home', '/member/config/playApply', '/member/config/memberRecord'];
    const routes = memberRoutes({ teamLeader: 0, canConfigTreatPlan: 0, displayPermission: 0, pages });
    expect(routes.map((r) => r.path)).toEqual(pages);
    expect(menuEntries(routes).map((r) => r.path)).toEqual(['/member/config/home', '/member/config/memberRecord']);
  });
});

describe('doctor routes', () => {
  it('keeps hidden pages routable but out of the sidebar', () => {
    const routes = doctorRoutes({ kind: 'doctor' });
    expect(routes.map((r) => r.path)).toContain('/doctor/archive/review/:id');
    const menu = menuEntries(routes).map((r) => r.path);
    expect(menu).toContain('/doctor/archive/index');
    expect(menu).not.toContain('/doctor/analysis/pool/itemIndex/:id');
    expect(menu).not.toContain('/doctor/archive/showMedicalRecordPdf/:recordId');
    expect(routes.find((r) => r.path.startsWith('/doctor/archive/showMedicalRecordPdf'))?.fullscreen).toBe(true);
  });
});
