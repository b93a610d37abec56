import { describe, expect, it } from 'vitest';
import { findPage, type PageRegistry } from './pages.js';
import type { PageKey } from './route-table.js';

const Home = () => null;

describe('page registry', () => {
  it('finds the screen of a known key and nothing for an unknown one', () => {
    const registry: PageRegistry<'training'> = { trainingHome: Home };
    expect(findPage(registry, 'trainingHome')).toBe(Home);
    // A console menu added later names a component the build does not know: the placeholder's case.
    expect(findPage(registry, 'system/new/index')).toBeNull();
    // Keys an object inherits are not pages.
    expect(findPage(registry, 'toString')).toBeNull();
    expect(findPage(registry, 'constructor')).toBeNull();
  });

  it('takes its keys from the route table: a missing or misspelt key does not type-check', () => {
    // Checked by `tsc -b` (these lines fail the build if the key type ever widens to string).
    // @ts-expect-error a misspelt page key is not a page of the member area
    const misspelt: PageKey<'member'> = 'memberHom';
    // @ts-expect-error a registry without the area's page is incomplete
    const missing: PageRegistry<'training'> = {};
    // @ts-expect-error a key of another area is not a page of this one
    const other: PageRegistry<'training'> = { trainingHome: Home, memberHome: Home };
    const consoleKey: PageKey<'console'> = 'system/user/index';
    expect([misspelt, missing, other, consoleKey]).toHaveLength(4);
  });
});
