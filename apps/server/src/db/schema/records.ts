import { bigserial, boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, moment, requiredRef, updatedAt, uuidId } from './columns.js';
import { sql } from 'drizzle-orm';
import type { MissingPart, RecordFailure, Vitals } from '@tcm/contract';
import { recordResultsColumn } from './record-results.js';
import { teams, users } from './users.js';
import { DISPLAY_CONSTITUTION, DISPLAY_PATTERN, DISPLAY_RISK, DISPLAY_TONGUE } from './display-facets.js';

/** Uploaded files: metadata here, bytes in the storage (local folder or S3), key `storage_key`. */
export const storedFiles = pgTable(
  'stored_file',
  {
    id: uuidId(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['image', 'audio', 'pulse', 'video'] }).notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    ownerUserId: uuid('owner_user_id').references(() => users.id),
    deviceId: uuid('device_id'),
    /**
     * Served to anyone: rich-text editor uploads (news covers, logos, page images). Every other
     * file is health data until shown otherwise and needs a session or a signed URL (docs/security.md §12).
     */
    public: boolean('public').notNull().default(false),
    /**
     * Set while the bytes are being stored (the row is written first, cleared once the bytes are
     * in): a row still pending long after is an upload cut off by a crash, and the start-up sweep
     * removes its bytes and the row (`modules/files/pending-files.ts`). Null: the file is whole.
     */
    pendingSince: moment('pending_since'),
    createdAt: createdAt(),
  },
  (t) => [
    index('stored_file_owner_idx').on(t.ownerUserId),
    // Only the few pending rows are indexed: the sweep reads them, nothing else does.
    index('stored_file_pending_idx')
      .on(t.pendingSince)
      .where(sql`${t.pendingSince} is not null`),
  ],
);

/** Registered devices of a team; the secret is kept as its SHA-256 only (shown once). */
export const devices = pgTable(
  'device',
  {
    id: uuidId(),
    teamId: requiredRef('team_id', () => teams.id),
    name: text('name').notNull(),
    location: text('location'),
    secretHash: text('secret_hash').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    lastSeenAt: moment('last_seen_at'),
  },
  (t) => [index('device_team_idx').on(t.teamId)],
);

/** One capture and its analysis (docs/records.md). */
export const recordsTable = pgTable(
  'diagnosis_record',
  {
    id: uuidId(),
    source: text('source', { enum: ['visitor', 'member', 'team', 'device', 'doctor'] }).notNull(),
    kind: text('kind', { enum: ['normal', 'child', 'covid'] })
      .notNull()
      .default('normal'),
    status: text('status', { enum: ['queued', 'running', 'done', 'partial', 'failed'] })
      .notNull()
      .default('queued'),
    personName: text('person_name'),
    personSex: text('person_sex', { enum: ['female', 'male'] }),
    personAge: integer('person_age'),
    personPhone: text('person_phone'),
    /** The member the record is about (member records), for history and ownership. */
    subjectUserId: uuid('subject_user_id').references(() => users.id),
    /** Who made it (member, leader, doctor); null for visitors and devices. */
    ownerUserId: uuid('owner_user_id').references(() => users.id),
    teamId: uuid('team_id').references(() => teams.id),
    deviceId: uuid('device_id').references(() => devices.id),
    /** Capture slot → stored_file id. */
    files: jsonb('files').$type<Partial<Record<'tongue' | 'face' | 'pulse' | 'voice', string>>>().notNull().default({}),
    vitals: jsonb('vitals').$type<Vitals>(),
    inquiry: jsonb('inquiry').$type<{ answers: Record<string, number> }>(),
    results: recordResultsColumn('results').notNull().default({}),
    /** Engine now running. */
    step: text('step'),
    failure: jsonb('failure').$type<RecordFailure>(),
    /** A partial record's failed parts (engine, code), written when it finishes; [] otherwise (issue 32). */
    missing: jsonb('missing').$type<MissingPart[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(1),
    lang: text('lang', { enum: ['zh', 'en'] })
      .notNull()
      .default('zh'),
    shareToken: text('share_token').notNull().unique(),
    conclusion: text('conclusion'),
    /** The client address that queued the analysis last (the per-address limit of queued work). */
    clientIp: text('client_ip'),
    /**
     * Set by a redo of one capture (docs/records.md "Redo"): the next analysis attempt keeps the
     * saved outcomes and runs only the engines that have none, then the synthesis. A retry clears it.
     */
    keepResults: boolean('keep_results').notNull().default(false),
    /** Tongue mask picture made by the tongue engine (a stored_file). */
    tongueMaskFileId: uuid('tongue_mask_file_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: moment('finished_at'),
    // The large-screen display's facets (docs/display.md), computed by PostgreSQL from `results`
    // whenever it is written; a trigger adds them up per day in display_daily (display.ts).
    displayConstitution: text('display_constitution').generatedAlwaysAs(sql.raw(DISPLAY_CONSTITUTION)),
    displayPattern: text('display_pattern').generatedAlwaysAs(sql.raw(DISPLAY_PATTERN)),
    displayRisk: text('display_risk').generatedAlwaysAs(sql.raw(DISPLAY_RISK)),
    displayTongue: integer('display_tongue').generatedAlwaysAs(sql.raw(DISPLAY_TONGUE)),
  },
  // The list scopes filter on owner, subject or team + source and page newest first (created
  // time, then id): each index hands a page over in order without sorting the scope. The person
  // index serves the history's name + phone match (docs/security.md §6).
  (t) => [
    index('diagnosis_record_team_idx').on(t.teamId, t.source, t.createdAt, t.id),
    index('diagnosis_record_owner_idx').on(t.ownerUserId, t.createdAt, t.id),
    index('diagnosis_record_subject_idx').on(t.subjectUserId, t.createdAt, t.id),
    index('diagnosis_record_device_idx').on(t.deviceId),
    index('diagnosis_record_person_idx').on(t.personName, t.personPhone),
    // Which records hold a file (`files @> {"slot": id}`): the session check of file access.
    index('diagnosis_record_files_idx').using('gin', t.files.op('jsonb_path_ops')),
    // The display's live feed and pattern names: finished records newest first, platform and team.
    index('diagnosis_record_display_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('done', 'partial')`),
    index('diagnosis_record_display_team_idx')
      .on(t.teamId, t.createdAt)
      .where(sql`${t.status} in ('done', 'partial')`),
    // Only the few records waiting or running: the queued-work limit counts them per address.
    index('diagnosis_record_active_ip_idx')
      .on(t.clientIp)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/** Who did what that matters: record creation and retry, report downloads, device changes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    action: text('action').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorDeviceId: uuid('actor_device_id'),
    targetId: text('target_id'),
    ip: text('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    at: moment('at').notNull().defaultNow(),
    // Health-data access (docs/security.md §11): who by kind, what kind of data, read/write, outcome.
    actorKind: text('actor_kind'),
    entity: text('entity'),
    verb: text('verb'),
    status: integer('status'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetId),
    // The audit page pages newest first within a time range; the purge deletes by time.
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorUserId, t.at),
  ],
);
