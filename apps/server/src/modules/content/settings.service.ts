import { DEFAULT_SITE_SETTINGS, siteSettings, type SiteSettings } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import * as repo from './content.repo.js';

/**
 * The organisation's settings (name, logo, contact, report footer): the stored value when it
 * still passes the contract's shape, else the defaults (a row from an older shape never breaks
 * the site or a PDF).
 */
export async function readSiteSettings(db: Db): Promise<SiteSettings> {
  const parsed = siteSettings.safeParse(await repo.readSettings(db));
  return parsed.success ? parsed.data : DEFAULT_SITE_SETTINGS;
}

export async function saveSiteSettings(db: Db, value: SiteSettings): Promise<SiteSettings> {
  await repo.writeSettings(db, value);
  return value;
}
