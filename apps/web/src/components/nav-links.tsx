import { Link } from '@tanstack/react-router';
import { navigationFor } from '../lib/navigation';
import { Icon } from './icon';
import { useMe } from './use-me';

/** The main navigation; the entry for the current page is highlighted and marked aria-current. */
export function NavLinks({
  orientation,
  onNavigate,
}: {
  orientation: 'horizontal' | 'vertical';
  onNavigate?: () => void;
}) {
  const horizontal = orientation === 'horizontal';
  const navigation = navigationFor(useMe()?.role);
  return (
    <ul className={horizontal ? 'flex items-center gap-0.5' : 'flex flex-col gap-1'}>
      {navigation.map((entry) => (
        <li key={entry.path}>
          <Link
            to={entry.path}
            onClick={onNavigate}
            activeOptions={{ exact: entry.path === '/' }}
            className={
              horizontal
                ? 'flex items-center gap-1.5 whitespace-nowrap rounded-md px-2 py-1.5 text-sm font-medium text-muted hover:bg-brand-50 hover:text-brand-800'
                : 'flex items-center gap-3 rounded-lg px-3 py-2.5 text-base font-medium text-ink hover:bg-brand-50'
            }
            activeProps={{
              className: '!bg-brand-100 !text-brand-900',
              'aria-current': 'page',
            }}
          >
            {/* Icons join the desktop row only where ten entries fit with them. */}
            <Icon name={entry.icon} className={horizontal ? 'hidden size-4 2xl:block' : 'size-5'} />
            {entry.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
