import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caseRoutes } from './archive.cases.routes.js';
import { dictionaryRoutes } from './archive.dictionaries.routes.js';
import { groupRoutes } from './archive.groups.routes.js';
import { prescriptionRoutes } from './archive.prescriptions.routes.js';
import { visitRoutes } from './archive.visits.routes.js';

/**
 * The case archive of the doctor area (docs/archive.md), one route file per topic: cases,
 * groups, visits, dictionaries (herbs, formulas), prescriptions. Every call that reads or writes a
 * case writes an audit row (modules/audit) after the access check passed.
 */
export const archiveRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(caseRoutes);
  await app.register(groupRoutes);
  await app.register(visitRoutes);
  await app.register(dictionaryRoutes);
  await app.register(prescriptionRoutes);
};
