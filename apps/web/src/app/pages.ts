import type { ComponentType } from 'react';
import type { AreaProps } from './LazyArea.js';
import type { Area, PageKey } from './route-table.js';

/**
 * The typed page registry (docs/web.md "Page registry"): each area maps every page key of the
 * route table to its screen, as a `Record` over the table's keys, so a page the table names but
 * the area forgets, or a misspelt key, fails the type check instead of showing a placeholder.
 * Screens are components given the area's props; one that brings its own chunk is a `lazy()`
 * component (the area renders it inside Suspense).
 */
export type PageComponent = ComponentType<AreaProps>;

/** Every page key of an area → its screen. */
export type PageRegistry<A extends Area> = Record<PageKey<A>, PageComponent>;

/** Some of an area's page keys (a registry of a sub-module, e.g. the site's detection pages). */
export type PageKeys<A extends Area, K extends PageKey<A>> = K;

/**
 * The screen for a page key, or null for a key unknown at build time (a console menu added later,
 * a page key from an older server): the caller shows the placeholder then.
 */
export function findPage<K extends string, C>(registry: Readonly<Record<K, C>>, page: string): C | null {
  return Object.hasOwn(registry, page) ? registry[page as K] : null;
}
