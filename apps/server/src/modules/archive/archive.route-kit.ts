import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import { routeOf } from '../../http/route.js';
import { requireAuth } from '../auth/guard.js';

/** What the archive's route files share: their docs tag, guard and file answers. */
export const tags = ['archive'];
/** The archive routes' options: guard, summary and schemas (http/route.ts). */
export const route = routeOf(tags);
/** Archive screens are a doctor capability (spec §6): the doctor entrance, plus the toolbar's button codes. */
export const doctor = (buttons: string[] = []) => requireAuth({ entrances: ['doctor'], buttons });
export const idParams = z.object({ id: z.string().uuid() });
export const fileResponse = { 200: z.any().describe('file bytes') };

export function sendFile(reply: FastifyReply, bytes: Buffer, type: string, filename: string) {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(bytes);
}
