/**
 * Provinces of the display's China map: the zh name is the region's key (as the map's GeoJSON
 * names it), en the English name shown to English readers and matched in a device's location.
 */
export const DISPLAY_PROVINCES: ReadonlyArray<{ zh: string; en: string; also?: readonly string[] }> = [
  { zh: '北京', en: 'Beijing' },
  { zh: '天津', en: 'Tianjin' },
  { zh: '上海', en: 'Shanghai' },
  { zh: '重庆', en: 'Chongqing' },
  { zh: '河北', en: 'Hebei' },
  { zh: '山西', en: 'Shanxi' },
  { zh: '内蒙古', en: 'Inner Mongolia' },
  { zh: '辽宁', en: 'Liaoning' },
  { zh: '吉林', en: 'Jilin' },
  { zh: '黑龙江', en: 'Heilongjiang' },
  { zh: '江苏', en: 'Jiangsu' },
  { zh: '浙江', en: 'Zhejiang' },
  { zh: '安徽', en: 'Anhui' },
  { zh: '福建', en: 'Fujian' },
  { zh: '江西', en: 'Jiangxi' },
  { zh: '山东', en: 'Shandong' },
  { zh: '河南', en: 'Henan' },
  { zh: '湖北', en: 'Hubei' },
  { zh: '湖南', en: 'Hunan' },
  { zh: '广东', en: 'Guangdong' },
  { zh: '广西', en: 'Guangxi' },
  { zh: '海南', en: 'Hainan' },
  { zh: '四川', en: 'Sichuan' },
  { zh: '贵州', en: 'Guizhou' },
  { zh: '云南', en: 'Yunnan' },
  { zh: '西藏', en: 'Tibet', also: ['Xizang'] },
  { zh: '陕西', en: 'Shaanxi' },
  { zh: '甘肃', en: 'Gansu' },
  { zh: '青海', en: 'Qinghai' },
  { zh: '宁夏', en: 'Ningxia' },
  { zh: '新疆', en: 'Xinjiang' },
  { zh: '台湾', en: 'Taiwan' },
  { zh: '香港', en: 'Hong Kong', also: ['Hongkong'] },
  { zh: '澳门', en: 'Macau', also: ['Macao'] },
];

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
