import { z } from 'zod';

/** When a stored row was created and last changed (ISO 8601 instants): spread into the row's schema. */
export const rowTimes = { createdAt: z.string(), updatedAt: z.string() };
