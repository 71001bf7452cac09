import { ChoiceTile } from '~/components/form-controls';
import { interestPriorityLabels } from './interest-rules';

/** 1–5 stars as a radio group: arrow keys move the choice; the label of the choice shows beside it. */
export function StarPriorityInput({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  return (
    <fieldset>
      <legend className="block text-sm font-medium text-ink">Priority</legend>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <div className="flex">
          {[1, 2, 3, 4, 5].map((star) => (
            <ChoiceTile
              key={star}
              className="flex size-11 cursor-pointer items-center justify-center rounded-md has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
              type="radio"
              name="interest-priority"
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              aria-label={`${star} ${star === 1 ? 'star' : 'stars'} – ${interestPriorityLabels[star]}`}
            >
              <Star filled={star <= value} className="size-7" />
            </ChoiceTile>
          ))}
        </div>
        <span className="text-sm text-muted" aria-hidden="true">
          {interestPriorityLabels[value]}
        </span>
      </div>
    </fieldset>
  );
}

export function Star({ filled, className = 'size-4' }: { filled: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={`${className} ${filled ? 'text-amber-500' : 'text-slate-300'}`}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.5}
    >
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9L12 3Z" />
    </svg>
  );
}

/** Read-only stars with the label for screen readers. */
export function StarRating({ value }: { value: number }) {
  return (
    <span
      className="inline-flex"
      role="img"
      aria-label={`Priority ${value} of 5: ${interestPriorityLabels[value] ?? ''}`}
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <Star key={star} filled={star <= value} />
      ))}
    </span>
  );
}
