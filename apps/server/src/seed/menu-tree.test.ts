import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONSOLE_MENUS,
  DASHBOARD_BUTTON,
  DOCTOR_MENUS,
  MEMBER_MENUS,
  menuTreeFileSchema,
  type SeedMenu,
} from './menu-tree.js';

const flat = (nodes: readonly SeedMenu[]): SeedMenu[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const file = JSON.parse(readFileSync(new URL('./data/menu-tree.json', import.meta.url), 'utf8')) as unknown;

describe('the seeded menu tree (data/menu-tree.json)', () => {
  it('refuses an entry with an unknown field or without its English name', () => {
    const parsed = menuTreeFileSchema.parse(file);
    const withTypo = { ...parsed, member: [{ ...parsed.member[0]!, iconClass: 'x' }] };
    expect(menuTreeFileSchema.safeParse(withTypo).success).toBe(false);
    const { nameEn: _dropped, ...noEnglish } = parsed.welcome;
    expect(menuTreeFileSchema.safeParse({ ...parsed, welcome: noEnglish }).success).toBe(false);
  });

  it('gives every area one head, every page a path and component, every button a unique code', () => {
    for (const area of [CONSOLE_MENUS, MEMBER_MENUS, DOCTOR_MENUS])
      expect(area.every((head) => head.type === 'head' && head.children?.length)).toBe(true);
    const all = flat([...CONSOLE_MENUS, ...MEMBER_MENUS, ...DOCTOR_MENUS]);
    for (const page of all.filter((n) => n.type === 'menu'))
      expect([page.name, page.path, page.component]).toEqual([page.name, expect.any(String), expect.any(String)]);
    const codes = all.filter((n) => n.type === 'button').map((n) => n.buttonCode);
    expect(codes.every(Boolean)).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toContain(DASHBOARD_BUTTON.buttonCode);
  });
});
