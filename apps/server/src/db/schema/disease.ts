import { index, integer, jsonb, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, updatedAt, uuidId } from './columns.js';
import { screeningResultSchema, type DiseaseDefinition, type DiseaseContent } from '@tcm/contract';

export type DiseaseModel = Pick<DiseaseDefinition, 'questions' | 'signs'>;
import { storedJson } from './stored-json.js';
import { teams, users } from './users.js';

/**
 * Edited knowledge of a disease (docs/disease.md). A disease without a row shows the shipped
 * content of packages/contract/src/data/diseases.json; the first save writes version 1.
 */
export const diseaseEntries = pgTable('disease_entry', {
  id: text('id').primaryKey(),
  content: jsonb('content').$type<DiseaseContent>().notNull(),
  version: integer('version').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: updatedAt(),
  /** A disease a user added (issue 23): its screening model and who added it; null for shipped ones. */
  model: jsonb('model').$type<DiseaseModel>(),
  createdBy: uuid('created_by').references(() => users.id),
});

/** One saved disease screening of a person: the inputs and the scored result with its evidence. */
export const diseaseScreenings = pgTable(
  'disease_screening',
  {
    id: uuidId(),
    diseaseId: text('disease_id').notNull(),
    /** The screening user's team when it was made (who else may read it); null without a team. */
    teamId: uuid('team_id').references(() => teams.id),
    createdBy: requiredRef('created_by', () => users.id),
    personName: text('person_name'),
    personSex: text('person_sex', { enum: ['female', 'male'] }),
    personAge: integer('person_age'),
    recordIds: jsonb('record_ids').$type<string[]>().notNull(),
    answers: jsonb('answers').$type<Record<string, string>>().notNull(),
    result: storedJson('result', screeningResultSchema).notNull(),
    /** Copies of result.level and result.risk for lists and statistics. */
    level: text('level', { enum: ['low', 'medium', 'high'] }).notNull(),
    risk: real('risk').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('disease_screening_team_idx').on(t.teamId, t.diseaseId, t.createdAt),
    index('disease_screening_creator_idx').on(t.createdBy, t.createdAt),
  ],
);
