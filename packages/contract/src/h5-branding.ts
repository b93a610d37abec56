import { z } from 'zod';

/**
 * A partner's H5 branding and return-URL allow-list, kept on the corporation (issue 25 item 3).
 * Its own file: the corporation schema (open-api.ts) and the H5 contract (h5.ts) both use it.
 */
export const H5_LOGO_MAX_BYTES = 200 * 1024;

/** `#rrggbb`: the partner's color (buttons, header band). */
export const brandColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, '#rrggbb');

/** The partner's branding and return-URL allow-list, kept on the corporation (console page). */
export const corporationH5Schema = z.object({
  /** Shown at the top of the page; empty: the corporation's name. */
  brandName: z.string().trim().max(60),
  colour: brandColorSchema,
  /** data:image/png|jpeg|webp;base64,…; null: no logo. */
  logo: z.string().max(300_000).nullable(),
  /** Origins (scheme://host[:port]) a return URL may point at. */
  returnOrigins: z.array(z.string().trim().max(200)).max(20),
});
export type CorporationH5 = z.infer<typeof corporationH5Schema>;

export const H5_DEFAULT_BRANDING: CorporationH5 = { brandName: '', colour: '#1677ff', logo: null, returnOrigins: [] };
