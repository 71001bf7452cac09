import type { HTMLAttributes } from 'react';
import { classNames } from './class-names.ts';

export type BadgeTone = 'neutral' | 'brand' | 'info' | 'warning' | 'success' | 'danger';

// Dark text on a pale tint: every pair is above 4.5:1 (WCAG AA for small text).
const tones: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-300',
  brand: 'bg-brand-50 text-brand-800 ring-brand-200',
  info: 'bg-blue-50 text-blue-800 ring-blue-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-300',
  success: 'bg-green-50 text-green-800 ring-green-200',
  danger: 'bg-danger-50 text-danger-600 ring-red-200',
};

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & {
  tone?: BadgeTone;
};

/** A short status label such as "Confirmed" or "Pending". */
export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return (
    <span
      className={classNames(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
