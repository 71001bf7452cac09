import { Group } from '@visx/group';
import { LegendOrdinal } from '@visx/legend';
import { scaleOrdinal } from '@visx/scale';
import { Pie } from '@visx/shape';
import { Card } from '@naav/ui/card';
import { formatMoney } from '~/lib/money';
import { categoryColor, convertFromBase } from './budget-model';
import { SpendingByPerson } from './spending-by-person';

export interface Segment {
  key: string;
  label: string;
  /** Minor units of the display currency. */
  value: number;
  color: string;
}

const currencyPalette = [
  '#2563eb',
  '#f97316',
  '#10b981',
  '#a855f7',
  '#ef4444',
  '#eab308',
  '#0ea5e9',
  '#ec4899',
  '#64748b',
  '#14b8a6',
  '#8b5cf6',
  '#f43f5e',
  '#84cc16',
  '#6366f1',
  '#d946ef',
];

/** A pie (or, with a hole, a doughnut) with a legend; each slice names its share for screen readers. */
function PieChart({
  title,
  segments,
  currency,
  doughnut,
}: {
  title: string;
  segments: Segment[];
  currency: string;
  doughnut?: boolean;
}) {
  const size = 220;
  const radius = size / 2;
  const total = segments.reduce((s, x) => s + x.value, 0);
  const scale = scaleOrdinal({ domain: segments.map((s) => s.label), range: segments.map((s) => s.color) });
  const describe = (s: Segment) =>
    `${s.label}: ${formatMoney(s.value, currency)} (${total ? Math.round((s.value / total) * 100) : 0}%)`;
  return (
    <Card as="section" className="p-4 sm:p-6" aria-label={title}>
      <h3 className="text-lg font-semibold text-ink">{title}</h3>
      <div className="mt-4 flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <svg
          width={size}
          height={size}
          viewBox={`0 0 ${size} ${size}`}
          role="img"
          aria-label={`${title}: ${segments.map(describe).join('; ')}`}
          className="max-w-full shrink-0"
        >
          <Group top={radius} left={radius}>
            <Pie
              data={segments}
              pieValue={(s) => s.value}
              outerRadius={radius - 4}
              innerRadius={doughnut ? radius * 0.55 : 0}
              padAngle={segments.length > 1 ? 0.01 : 0}
            >
              {(pie) =>
                pie.arcs.map((arc) => (
                  <path key={arc.data.key} d={pie.path(arc) ?? ''} fill={arc.data.color} data-segment={arc.data.label}>
                    <title>{describe(arc.data)}</title>
                  </path>
                ))
              }
            </Pie>
          </Group>
        </svg>
        <div className="w-full min-w-0 text-sm">
          <LegendOrdinal scale={scale}>
            {(labels) => (
              <ul className="space-y-1.5">
                {labels.map((l) => {
                  const seg = segments.find((s) => s.label === l.text)!;
                  return (
                    <li key={l.text} className="flex items-center justify-between gap-3">
                      <span className="flex min-w-0 items-center gap-2 text-ink">
                        <span
                          className="size-3 shrink-0 rounded-sm"
                          style={{ backgroundColor: l.value }}
                          aria-hidden="true"
                        />
                        <span className="truncate">{l.text}</span>
                      </span>
                      <span className="whitespace-nowrap text-muted">{formatMoney(seg.value, currency)}</span>
                    </li>
                  );
                })}
              </ul>
            )}
          </LegendOrdinal>
        </div>
      </div>
    </Card>
  );
}

export interface AnalyticsSummary {
  baseCurrency: string;
  byCategory: { categoryId: number | null; name: string; color: string; total: number }[];
  byCurrency: { currency: string; total: number }[];
}

/** Charts by category and by currency in the display currency, and the rate grid against the base. */
export default function AnalyticsTab({
  tripId,
  summary,
  displayCurrency,
  rates,
  ratesDate,
}: {
  tripId: string;
  summary: AnalyticsSummary;
  displayCurrency: string;
  rates: Record<string, number> | undefined;
  ratesDate: string | undefined;
}) {
  const toDisplay = (minorBase: number) => convertFromBase(minorBase, rates, displayCurrency);
  const byCategory: Segment[] = summary.byCategory
    .filter((c) => c.total > 0)
    .map((c) => ({
      key: String(c.categoryId),
      label: c.name,
      value: toDisplay(c.total),
      color: categoryColor(c.color),
    }));
  const byCurrency: Segment[] = summary.byCurrency
    .filter((c) => c.total > 0)
    .map((c, i) => ({
      key: c.currency,
      label: c.currency,
      value: toDisplay(c.total),
      color: currencyPalette[i % currencyPalette.length]!,
    }));
  const rateEntries = Object.entries(rates ?? {}).filter(([code]) => code !== summary.baseCurrency);

  return (
    <div className="space-y-6">
      {byCategory.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-muted">
          No expense data to analyze
        </p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <PieChart title="Expenses by Category" segments={byCategory} currency={displayCurrency} doughnut />
          <PieChart title="Expenses by Currency" segments={byCurrency} currency={displayCurrency} />
        </div>
      )}
      <SpendingByPerson tripId={tripId} displayCurrency={displayCurrency} rates={rates} />
      <Card as="section" className="p-4 sm:p-6" aria-label="Exchange rates">
        <h3 className="text-lg font-semibold text-ink">Exchange Rates</h3>
        {rateEntries.length === 0 ? (
          <p className="mt-2 text-muted">No exchange rate data available</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-muted">
              Reference rates as of {ratesDate}, relative to {summary.baseCurrency}.
            </p>
            <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
              {rateEntries.map(([code, rate]) => (
                <li key={code} className="rounded-lg bg-canvas px-3 py-2 text-sm">
                  <span className="block font-semibold text-ink">{code}</span>
                  <span className="text-muted">
                    1 {summary.baseCurrency} = {rate.toFixed(4)}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>
    </div>
  );
}
