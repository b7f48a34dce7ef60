import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTheme } from '@/lib/theme';
import './Chart.css';

/** The theme's colours, read from the CSS variables when a chart is drawn (so light and dark both read well). */
export interface ChartColors {
  text: string;
  muted: string;
  grid: string;
  surface: string;
  series: (name: string) => string;
}

function readColors(element: Element): ChartColors {
  const style = getComputedStyle(element);
  const variable = (name: string) => style.getPropertyValue(name).trim();
  return {
    text: variable('--color-text'),
    muted: variable('--color-text-muted'),
    grid: variable('--color-border'),
    surface: variable('--color-surface'),
    series: (name: string) => variable(`--color-${name}`),
  };
}

export type ChartBuild = (colors: ChartColors, width: number) => { options: Omit<uPlot.Options, 'width' | 'height'>; data: uPlot.AlignedData };

interface ChartProps {
  /** Options and data for the colours and width at hand; a new function redraws. */
  build: ChartBuild;
  /** What the chart shows, for screen readers (the figures are also in the cards and the legend). */
  label: string;
  height?: number;
}

/**
 * A uPlot chart that fills its container's width: drawn anew when the width, the theme or the data
 * change, destroyed on unmount. uPlot is imported only here, so only the console's lazy pages load it.
 */
export function Chart({ build, label, height = 220 }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const { theme } = useTheme();
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: uPlot | undefined;
    let drawnWidth = 0;
    const draw = () => {
      const width = Math.floor(element.clientWidth);
      if (width <= 0 || width === drawnWidth) return;
      drawnWidth = width;
      plot?.destroy();
      const { options, data } = build(readColors(element), width);
      plot = new uPlot({ ...options, width, height }, data, element);
    };
    draw();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(draw);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      plot?.destroy();
    };
  }, [build, height, theme]);
  return <div ref={box} className="ops-chart" role="img" aria-label={label} />;
}
