import { Button } from '@naav/ui/button';

/** Previous-year and next-year buttons around the year shown. */
export function YearStepper({ year, onChange }: { year: number; onChange: (year: number) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Button variant="secondary" size="sm" onClick={() => onChange(year - 1)}>
        <span aria-hidden="true">‹</span> Previous year
      </Button>
      <p className="min-w-16 text-center text-lg font-semibold text-ink tabular-nums" aria-live="polite">
        {year}
      </p>
      <Button variant="secondary" size="sm" onClick={() => onChange(year + 1)}>
        Next year <span aria-hidden="true">›</span>
      </Button>
    </div>
  );
}
