import type { TFunction } from 'i18next';
import type { HomeRecord } from '@tcm/contract';
import { formatDateTime } from '../../lib/format.js';

/** Risk levels as chart values (the risk trend's y axis). */
export const RISK_VALUE = { none: 0, low: 1, medium: 2, high: 3 } as const;
export const RISK_COLOR = { none: 'default', low: 'green', medium: 'orange', high: 'red' } as const;

export const day = (iso: string) => formatDateTime(new Date(iso)).slice(0, 10);

export const constitutionName = (t: TFunction, code: string | null) =>
  code ? t(`member.constitution.${code}`, { defaultValue: code }) : '—';

export const patternName = (r: Pick<HomeRecord, 'pattern'>, lang: string) =>
  r.pattern ? (lang.startsWith('en') ? r.pattern.en : r.pattern.zh) : '—';

/** The open report of a record (the share token is its capability, docs/records.md). */
export const reportHref = (r: Pick<HomeRecord, 'shareToken'>) =>
  `${import.meta.env.BASE_URL}checked/pdf?token=${encodeURIComponent(r.shareToken)}`;
