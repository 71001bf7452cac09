import type { ComponentProps } from 'react';
import { classNames } from './class-names.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg text-center font-medium transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

// Each variant sets its own focus-ring colour so no two outline colours compete.
const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800 focus-visible:outline-brand-600',
  secondary:
    'border border-brand-200 bg-surface text-brand-700 shadow-sm hover:bg-brand-50 active:bg-brand-100 focus-visible:outline-brand-600',
  ghost: 'bg-transparent text-brand-700 hover:bg-brand-50 active:bg-brand-100 focus-visible:outline-brand-600',
  danger: 'bg-danger-600 text-white shadow-sm hover:bg-red-800 active:bg-red-900 focus-visible:outline-danger-600',
};

// Both meet the 44 px touch target on a phone; sm is denser (36 px) from the sm breakpoint up, where a
// pointer is the usual way in.
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-11 min-w-11 px-3 py-1.5 text-sm sm:min-h-9 sm:min-w-9',
  md: 'min-h-11 px-4 py-2 text-base',
};

/** The classes of a button, so that links (or router links) can look like one. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string): string {
  return classNames(base, variants[variant], sizes[size], className);
}

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
};

/**
 * A native button. `type` defaults to "button" so it never submits a form by accident;
 * pass `type="submit"` for form buttons. `ref` is forwarded (a plain prop in React 19).
 */
export function Button({ variant = 'primary', size = 'md', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}
