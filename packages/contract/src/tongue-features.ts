import { z } from 'zod';

// PLACEHOLDER container, owned and replaced by the `tongue-features` branch (interfaces.md):
// it only fixes the name `tongueFeaturesSchema` / `TongueFeatures` so that `tongue.ts` compiles
// before the real per-feature schema lands. It carries no feature values of its own.
export const tongueFeaturesSchema = z.record(z.string(), z.unknown());
export type TongueFeatures = z.infer<typeof tongueFeaturesSchema>;
