import provinces from './data/display-provinces.json' with { type: 'json' };

/**
 * Provinces of the display's China map: the zh name is the region's key (as the map's GeoJSON
 * names it), en the English name shown to English readers and matched in a device's location;
 * `also`, other spellings a location may use. The list is data, data/display-provinces.json.
 */
export const DISPLAY_PROVINCES: ReadonlyArray<{ zh: string; en: string; also?: readonly string[] }> = provinces;

/**
 * The province a free-text location names first (`浙江省杭州市`, `Hangzhou, Zhejiang`), as its
 * zh key; null when it names none. English names match whole words only (Shanxi ≠ Shaanxi).
 */
export function provinceOf(location: string | null | undefined): string | null {
  if (!location) return null;
  let best: { at: number; zh: string } | null = null;
  for (const p of DISPLAY_PROVINCES) {
    for (const name of [p.zh, p.en, ...(p.also ?? [])]) {
      const at = /^[\x20-\x7e]+$/.test(name)
        ? (new RegExp(`\\b${name}\\b`, 'i').exec(location)?.index ?? -1)
        : location.indexOf(name);
      if (at >= 0 && (!best || at < best.at)) best = { at, zh: p.zh };
    }
  }
  return best?.zh ?? null;
}
