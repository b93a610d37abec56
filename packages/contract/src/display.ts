import displayErrors from './errors/display.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';
import { TONGUE_FEATURES } from './vocabulary/tongue.js';

/**
 * The large-screen display (docs/display.md): platform-wide for display accounts (`/display`),
 * one team for members with displayPermission (`/member/config/display`). Range 42000xx.
 */
export const DISPLAY_ERRORS = defineErrors(displayErrors);

export const DISPLAY_PATHS = {
  /** GET (display account): the platform's aggregates. */
  summary: '/backend/display/v1/summary',
  /** GET (display account): server-sent events of new results. */
  feed: '/backend/display/v1/feed',
  /** GET (member with displayPermission, own team only): the team's aggregates. */
  teamSummary: (teamId: string) => `/backend/member/display/${teamId}/summary`,
  /** GET (member with displayPermission, own team only): the team's live feed. */
  teamFeed: (teamId: string) => `/backend/member/display/${teamId}/feed`,
} as const;

/** Server-sent event names of the feed. */
export const DISPLAY_EVENTS = { item: 'item' } as const;

/** Days of the trend lines and of the distributions' window (default 30). */
export const displayQuerySchema = z.object({
  days: z.coerce.number().int().min(7).max(90).default(30),
});
export type DisplayQuery = z.infer<typeof displayQuerySchema>;
export const teamDisplayParams = z.object({ teamId: z.string().uuid() });

const bucket = z.object({ key: z.string(), count: z.number().int() });
export type DisplayBucket = z.infer<typeof bucket>;

/**
 * Tongue findings counted for the prevalence chart, in bit order of the stored mask
 * (diagnosis_record.display_tongue): each is "not the healthy label" of that feature. The
 * vocabulary's list of labelled features (issue 38: one list, not a copy); its order is the bit
 * order of every stored mask, so a feature may only be added at the end (display-facets.test.ts).
 */
export const DISPLAY_TONGUE_FINDINGS = TONGUE_FEATURES;
export type DisplayTongueFinding = (typeof DISPLAY_TONGUE_FINDINGS)[number];

export const displayRiskSchema = z.enum(['low', 'medium', 'high', 'none']);

/** One new result in the live feed: the person's name masked, nothing that identifies them. */
export const displayFeedItemSchema = z.object({
  id: z.string(),
  /** Masked name (`张*明`), null when the record has none. */
  name: z.string().nullable(),
  sex: z.enum(['female', 'male']).nullable(),
  age: z.number().int().nullable(),
  source: z.string(),
  constitution: z.string().nullable(),
  pattern: z.object({ id: z.string(), zh: z.string(), en: z.string() }).nullable(),
  risk: displayRiskSchema.nullable(),
  /** Province (zh name as on the map) of the capturing device, null when unknown. */
  region: z.string().nullable(),
  finishedAt: z.string(),
});
export type DisplayFeedItem = z.infer<typeof displayFeedItemSchema>;

export const displayDeviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string().nullable(),
  status: z.enum(['online', 'offline', 'disabled']),
  lastSeenAt: z.string().nullable(),
  today: z.number().int(),
});
export type DisplayDevice = z.infer<typeof displayDeviceSchema>;

export const displaySummarySchema = z.object({
  scope: z.object({ kind: z.enum(['platform', 'team']), teamId: z.string().nullable(), name: z.string() }),
  /** Time zone of "today" and "this month" (docs/display.md). */
  timeZone: z.string(),
  generatedAt: z.string(),
  days: z.number().int(),
  counts: z.object({ today: z.number().int(), month: z.number().int(), total: z.number().int() }),
  /** Distributions over the last `days` days, largest first. */
  constitution: z.array(bucket),
  patterns: z.array(bucket.extend({ zh: z.string(), en: z.string() })),
  /** Records with a tongue result in the window, and how many show each finding. */
  tongue: z.object({ records: z.number().int(), findings: z.array(bucket) }),
  risk: z.array(bucket),
  /**
   * Finished records in the window, and for each part (engine) that failed on some of them how
   * many lack it (issue 32: "constitution missing for 3 of 27 records"); the distributions above
   * count only what exists.
   */
  missing: z.object({ records: z.number().int(), parts: z.array(bucket) }),
  /** One point a day, oldest first: finished records and those rated high risk. */
  trend: z.array(z.object({ day: z.string(), count: z.number().int(), high: z.number().int() })),
  /** By province (zh name as on the map); `unknown` counts records without a located device. */
  regions: z.array(bucket),
  unknownRegion: z.number().int(),
  devices: z.object({
    online: z.number().int(),
    offline: z.number().int(),
    disabled: z.number().int(),
    list: z.array(displayDeviceSchema),
  }),
});
export type DisplaySummary = z.infer<typeof displaySummarySchema>;
