import { useInfiniteQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { usePreloadWhenIdle } from '../lib/preload-when-idle';
import { useTRPC } from '../lib/trpc';
import { Icon } from './icon';
import { useLiveTopics } from './live-topics';

const loadPanel = () => import('./notification-inbox');
const preload = () => void loadPanel().catch(() => undefined);
const InboxPanel = lazy(() => loadPanel().then((m) => ({ default: m.InboxPanel })));

/** The inbox a page at a time, newest first; the first page carries the unread count. Saved for offline like every query. */
export function useInbox() {
  const trpc = useTRPC();
  return useInfiniteQuery(
    trpc.notifications.list.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor }),
  );
}

/**
 * The bell in the header: the unread count, kept current by the person's own live topic
 * (`notices:<userId>`), and a panel listing the notices newest first, each a link to what it is
 * about; following one marks it read. Written without a component library, like the account menu
 * beside it (the header is on every page): a disclosure whose panel takes focus when opened;
 * Escape, a click outside or Tab past its end close it, Escape returning focus to the bell.
 */
export function NotificationBell({ userId }: { userId: string }) {
  const inbox = useInbox();
  useLiveTopics([`notices:${userId}`]);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const unread = inbox.data?.pages[0]?.unread ?? 0;
  usePreloadWhenIdle(loadPanel);

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => !rootRef.current?.contains(event.target as Node);
    // A click outside, or focus moving out (Tab past the panel's end), closes it.
    const onAway = (event: Event) => {
      if (outside(event)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onAway);
    document.addEventListener('focusin', onAway);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onAway);
      document.removeEventListener('focusin', onAway);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className="relative inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-brand-50"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((was) => !was)}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <Icon name="bell" className="size-6" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="unread-count"
            className="absolute right-0.5 top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <InboxPanel id={panelId} inbox={inbox} unread={unread} onFollow={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
