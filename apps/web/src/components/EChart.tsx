import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, HeatmapChart, LineChart, RadarChart, ScatterChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  RadarComponent,
  ToolboxComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

// Only what the charts use is registered (echarts/core keeps the bundle small).
// Heatmap, scatter, visual map and the toolbox's save-as-PNG serve the research screens; the
// radar the constitution scores of a result (as the PDF draws them).
echarts.use([
  BarChart,
  LineChart,
  RadarChart,
  RadarComponent,
  HeatmapChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  ToolboxComponent,
  CanvasRenderer,
]);

/** ECharts on a div: created once, options replaced on change, disposed on unmount. */
export function EChart({
  option,
  height = 240,
  testId,
  onClick,
  pixelRatio,
}: {
  option: EChartsCoreOption;
  height?: number;
  testId?: string;
  /** Canvas pixels per CSS pixel, when the chart sits in a scaled canvas (the display); default the screen's. */
  pixelRatio?: number;
  /** Called with the clicked item's index and name (bars, points): charts that lead to records. */
  onClick?: (item: { dataIndex: number; name: string }) => void;
}) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  // The latest handler, so a new closure needs no re-binding of the chart's listener.
  const click = useRef(onClick);
  click.current = onClick;
  // The ratio is the one at mount; a later change keeps the first (charts are not re-created,
  // which would lose the options set below).
  const ratio = useRef(pixelRatio);
  useEffect(() => {
    if (!el.current) return;
    const dpr = ratio.current;
    chart.current = echarts.init(el.current, undefined, dpr ? { devicePixelRatio: dpr } : undefined);
    chart.current.on('click', (p) => click.current?.({ dataIndex: p.dataIndex, name: p.name }));
    const onResize = () => chart.current?.resize();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);
  return <div ref={el} style={{ width: '100%', height }} data-testid={testId} />;
}
