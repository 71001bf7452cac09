import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { Button } from '@naav/ui/button';
import { MoreButton } from '~/components/more-button';
import type { RouterOutputs } from '../lib/api-types';
import { useTRPC } from '../lib/trpc';
import { Icon } from './icon';
import { LoadError } from './load-error';
import { LoadingBlock } from './loading-block';
import type { useInbox } from './notification-bell';

// The bell's panel (notification-bell.tsx), loaded when the bell is first pointed at, focused or
// opened, or once the page is idle: most visits never open it.

type Notice = RouterOutputs['notifications']['list']['items'][number];

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday", then the date. */
function timeAgo(at: Date, now: Date): string {
  const minutes = Math.round((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return relative.format(-hours, 'hour');
  const days = Math.round(hours / 24);
  if (days < 7) return relative.format(-days, 'day');
  return at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

interface InboxPanelProps {
  id: string;
  inbox: ReturnType<typeof useInbox>;
  unread: number;
  onFollow: () => void;
}

export function InboxPanel({ id, inbox, unread, onFollow }: InboxPanelProps) {
  const ref = useRef<HTMLElement>(null);
  // It opens with focus (on first opening, as soon as its code is here).
  useEffect(() => ref.current?.focus(), []);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const headingId = useId();
  const refresh = () => queryClient.invalidateQueries(trpc.notifications.list.pathFilter());
  const read = useMutation(trpc.notifications.read.mutationOptions({ onSettled: refresh }));
  const readAll = useMutation(trpc.notifications.readAll.mutationOptions({ onSettled: refresh }));
  const notices = inbox.data?.pages.flatMap((page) => page.items) ?? [];
  const now = new Date();

  const follow = (event: MouseEvent, notice: Notice) => {
    // A modified click (new tab) leaves the page to the browser.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (!notice.readAt) read.mutate({ id: notice.id });
    onFollow();
    void navigate({ href: notice.link });
  };

  return (
    <section
      ref={ref}
      id={id}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="z-50 flex max-h-[min(32rem,calc(100dvh-5rem))] flex-col rounded-xl border border-gray-200 bg-surface shadow-lg focus:outline-none max-sm:fixed max-sm:inset-x-2 max-sm:top-16 sm:absolute sm:right-0 sm:top-full sm:mt-2 sm:w-96"
    >
      <div className="flex items-center justify-between gap-2 border-b border-gray-100 px-4 py-2">
        <h2 id={headingId} className="font-semibold text-ink">
          Notifications
        </h2>
        <Button
          variant="ghost"
          size="sm"
          className="min-h-11"
          disabled={unread === 0 || readAll.isPending}
          onClick={() => readAll.mutate({})}
        >
          Mark all read
        </Button>
      </div>
      <div className="overflow-y-auto p-2">
        {inbox.isPending ? (
          <div className="p-2">
            <LoadingBlock text="Loading your notifications…" rows={3} round />
          </div>
        ) : inbox.isError && notices.length === 0 ? (
          <div className="p-2">
            <LoadError what="your notifications" onRetry={() => void inbox.refetch()} />
          </div>
        ) : notices.length === 0 ? (
          <div className="px-4 py-8 text-center">
            <Icon name="bell" className="mx-auto size-8 text-muted" />
            <p className="mt-2 font-medium text-ink">You're all caught up</p>
            <p className="mt-1 text-sm text-muted">
              New proposals, replies and changes to your trips will show up here.
            </p>
          </div>
        ) : (
          <ul className="space-y-1">
            {notices.map((notice) => (
              <li key={notice.id}>
                <a
                  href={notice.link}
                  onClick={(event) => follow(event, notice)}
                  className={`flex min-h-11 gap-3 rounded-lg px-3 py-2 text-left hover:bg-brand-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${notice.readAt ? '' : 'bg-brand-50/60'}`}
                >
                  <span
                    aria-hidden="true"
                    className={`mt-1.5 size-2 shrink-0 rounded-full ${notice.readAt ? 'bg-transparent' : 'bg-brand-600'}`}
                  />
                  <span className="min-w-0 flex-1">
                    <span className={`block text-sm text-ink ${notice.readAt ? '' : 'font-semibold'}`}>
                      {notice.readAt ? null : <span className="sr-only">Unread: </span>}
                      {notice.title}
                    </span>
                    {notice.body ? (
                      <span className="mt-0.5 line-clamp-2 block whitespace-pre-line text-sm text-muted">
                        {notice.body}
                      </span>
                    ) : null}
                    <span className="mt-0.5 block text-xs text-muted">
                      <time dateTime={notice.createdAt.toISOString()}>{timeAgo(notice.createdAt, now)}</time>
                    </span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
        {inbox.hasNextPage ? (
          <div className="p-2 text-center">
            <MoreButton pages={inbox} label="Show older" className="min-h-11" />
          </div>
        ) : null}
      </div>
    </section>
  );
}
