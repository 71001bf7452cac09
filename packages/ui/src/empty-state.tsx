import type { ReactNode } from 'react';
import { classNames } from './class-names.ts';

export type EmptyStateProps = {
  /** A decorative icon (sized by the caller, about size-8); hidden from assistive technology. */
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  /** Usually a Button or a link styled with buttonClasses. */
  action?: ReactNode;
  /** Heading level of the title, to fit the page outline. Default h2. */
  titleAs?: 'h2' | 'h3' | 'p';
  className?: string;
};

/** What a screen shows when there is nothing to list, e.g. "No Current Trip". */
export function EmptyState({ icon, title, description, action, titleAs: Title = 'h2', className }: EmptyStateProps) {
  return (
    <div
      className={classNames('mx-auto flex max-w-md flex-col items-center px-4 py-10 text-center sm:py-14', className)}
    >
      {icon ? (
        <div
          aria-hidden="true"
          className="mb-4 flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-600"
        >
          {icon}
        </div>
      ) : null}
      <Title className="font-display text-lg font-semibold text-ink sm:text-xl">{title}</Title>
      {description ? <div className="mt-2 text-sm text-muted sm:text-base">{description}</div> : null}
      {action ? <div className="mt-6 flex flex-wrap justify-center gap-3">{action}</div> : null}
    </div>
  );
}
