/** One named series of a chart with its figure for the period shown, and the colour variable of its marker. */
export interface LegendEntry {
  label: string;
  value: string;
  color: 'primary' | 'info' | 'success' | 'warning' | 'danger' | 'question';
}

/**
 * A chart's legend that stays put: each series by name with its total for the period, so the figures
 * read without hovering (the chart's own legend only shows the hovered bar's values).
 */
export function ChartLegend({ entries, label }: { entries: LegendEntry[]; label: string }) {
  return (
    <ul className="ops-legend" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.label} className="ops-legend__item">
          <span className={`ops-legend__marker ops-legend__marker--${entry.color}`} aria-hidden="true" />
          <span className="ops-legend__label">{entry.label}</span>
          <span className="ops-legend__value">{entry.value}</span>
        </li>
      ))}
    </ul>
  );
}
