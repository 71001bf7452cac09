import type { ReactNode } from 'react';
import { Card } from '@naav/ui/card';
import { Skeleton } from '@naav/ui/skeleton';
import { Icon, type IconName } from '../../../components/icon';

/** One of the three home columns: Past, Present, Future. */
export function HomeColumn({
  title,
  subtitle,
  icon,
  footer,
  children,
}: {
  title: string;
  subtitle: string;
  icon: IconName;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `home-${title.toLowerCase()}`;
  return (
    <Card as="section" aria-labelledby={headingId} className="flex flex-col p-5">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon name={icon} />
        </span>
        <div>
          <h2 id={headingId} className="text-xl font-semibold text-ink">
            {title}
          </h2>
          <p className="text-sm text-muted">{subtitle}</p>
        </div>
      </div>
      <div className="mt-5 flex-1">{children}</div>
      {footer && <div className="mt-5 border-t border-gray-100 pt-4">{footer}</div>}
    </Card>
  );
}

/** A loading text with three skeleton rows, as every list on the site loads. */
export function LoadingRows({ text }: { text: string }) {
  return (
    <div role="status" aria-live="polite">
      <p className="text-sm text-muted">{text}</p>
      <div className="mt-3 space-y-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex gap-3">
            <Skeleton className="size-14 rounded-lg" />
            <div className="flex-1 space-y-2 py-1">
              <Skeleton className="h-3 w-3/4" />
              <Skeleton className="h-3 w-1/2" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
