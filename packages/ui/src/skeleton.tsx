import { classNames } from './class-names.ts';

export type SkeletonProps = {
  /** Size and shape, e.g. "h-4 w-32" or "h-40 w-full rounded-xl" (rounded-md unless a rounded-* class is given). */
  className?: string;
};

/**
 * A pulsing placeholder block. Purely decorative (aria-hidden): the caller renders its
 * own loading text for screen readers, e.g. a visually hidden "Loading trips…".
 */
export function Skeleton({ className }: SkeletonProps) {
  return (
    <div
      aria-hidden="true"
      className={classNames(
        'animate-pulse bg-slate-200 motion-reduce:animate-none',
        !className?.includes('rounded') && 'rounded-md',
        className,
      )}
    />
  );
}
