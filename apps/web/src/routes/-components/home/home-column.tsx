import type { ReactNode } from 'react';
import { Card } from '@naav/ui/card';
import { Icon, type IconName } from '~/components/icon';

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
