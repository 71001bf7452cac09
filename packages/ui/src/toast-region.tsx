/*
 * The part of the toasts that draws them: sonner's region and the toast card. Loaded on first use
 * (or when the page is idle) by toast.tsx, so the first screen does not wait for it.
 */
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from 'react';
import { Toaster, toast as sonner } from 'sonner';
import { classNames } from './class-names.ts';
import {
  getCurrentToast,
  subscribeToCurrentToast,
  SWIPE_THRESHOLD_PX,
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  type RegionState,
  type ToastId,
  type ToastOptions,
  type ToastTone,
} from './toast.tsx';

/** The notifications region's accessible name. */
const REGION_LABEL = `Notifications (${TOAST_HOTKEY})`;
/** sonner's own hotkey is off: F8 is handled by the provider (a stable array, so sonner does not re-subscribe). */
const NO_SONNER_HOTKEY: string[] = [];

const RegionContext = createContext<RegionState | null>(null);

/** Puts a toast on the page (sonner's timer and swipe are off: the card keeps its own). */
export function showToast(options: ToastOptions): ToastId {
  return sonner.custom((id) => <ToastContent id={id} {...options} />, {
    duration: Number.POSITIVE_INFINITY,
    dismissible: false,
  });
}

/** Takes a toast (every toast without an id) off the page. */
export function removeToast(id?: ToastId): void {
  sonner.dismiss(id);
}

/** sonner's labelled notifications region, bottom right (full width on small screens). */
export function ToastRegion({
  regionRef,
  state,
}: {
  regionRef: (element: HTMLElement | null) => void;
  state: RegionState;
}) {
  return (
    <RegionContext.Provider value={state}>
      <Toaster
        ref={regionRef}
        customAriaLabel={REGION_LABEL}
        hotkey={NO_SONNER_HOTKEY}
        position="bottom-right"
        visibleToasts={1}
        offset={16}
        mobileOffset={12}
      />
    </RegionContext.Provider>
  );
}

/** What sonner renders for a toast: nothing once another toast took its place or it was closed. */
function ToastContent({ id, ...options }: ToastOptions & { id: ToastId }) {
  const shown = useSyncExternalStore(subscribeToCurrentToast, getCurrentToast, getCurrentToast);
  const region = useContext(RegionContext);
  if (shown !== id || !region) return null;
  return <ToastCard id={id} {...options} paused={region.focused} onClose={region.close} />;
}

const toneClasses: Record<ToastTone, { box: string; description: string; close: string }> = {
  default: {
    box: 'border-slate-200 bg-surface text-ink',
    description: 'text-muted',
    close: 'text-muted hover:bg-slate-100 hover:text-ink focus-visible:outline-brand-600',
  },
  success: {
    box: 'border-green-200 bg-green-50 text-green-900',
    description: 'text-green-800',
    close: 'text-green-800 hover:bg-green-100 focus-visible:outline-green-800',
  },
  destructive: {
    box: 'border-danger-600 bg-danger-600 text-white',
    description: 'text-white',
    close: 'text-white hover:bg-white/15 focus-visible:outline-white',
  },
};

type ToastCardProps = ToastOptions & {
  id: ToastId;
  /** Paused from outside, e.g. while the region holds keyboard focus. */
  paused: boolean;
  onClose: (id: ToastId) => void;
};

function ToastCard({
  id,
  title,
  description,
  tone = 'default',
  action,
  paused: pausedFromRegion,
  onClose,
}: ToastCardProps) {
  const [hovered, setHovered] = useState(false);
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ pointerId: number; startX: number } | null>(null);
  const remaining = useRef(TOAST_DURATION_MS);
  const paused = pausedFromRegion || hovered || dragging || action !== undefined;

  // The timer runs only while not paused and resumes with the time that was left.
  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onClose(id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, id, onClose]);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0 || (event.target as Element).closest('button')) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX };
    setDragging(true);
    const element = event.currentTarget;
    // jsdom has no pointer capture; browsers keep the drag going outside the toast with it.
    if (typeof element.setPointerCapture === 'function') element.setPointerCapture(event.pointerId);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    setOffset(Math.max(0, event.clientX - start.startX));
  }

  function endDrag(event: PointerEvent<HTMLDivElement>, cancelled: boolean) {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    if (!cancelled && event.clientX - start.startX > SWIPE_THRESHOLD_PX) onClose(id);
    else setOffset(0);
  }

  const classes = toneClasses[tone];
  return (
    <div
      role={tone === 'destructive' ? 'alert' : 'status'}
      aria-live={tone === 'destructive' ? 'assertive' : 'polite'}
      aria-atomic="true"
      onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setHovered(false)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => endDrag(event, false)}
      onPointerCancel={(event) => endDrag(event, true)}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.3, 1 - offset / 200) } : undefined}
      className={classNames(
        'flex w-(--width) max-w-full touch-pan-y items-start gap-3 rounded-xl border py-3 pr-2 pl-4 font-sans shadow-lg select-none',
        !dragging && 'transition-[transform,opacity] duration-200 motion-reduce:transition-none',
        classes.box,
      )}
    >
      <div className="min-w-0 flex-1 py-1">
        <p className="text-sm font-semibold">{title}</p>
        {description ? <p className={classNames('mt-1 text-sm', classes.description)}>{description}</p> : null}
      </div>
      {action ? (
        <button
          type="button"
          onClick={() => {
            onClose(id);
            action.onClick();
          }}
          className={classNames(
            'min-h-11 min-w-11 shrink-0 self-center rounded-lg border px-3 sm:min-h-9 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-1',
            tone === 'destructive'
              ? 'border-white/60 hover:bg-white/15 focus-visible:outline-white'
              : 'border-current/30 hover:bg-black/5 focus-visible:outline-brand-600',
          )}
        >
          {action.label}
        </button>
      ) : null}
      <button
        type="button"
        aria-label="Close"
        onClick={() => onClose(id)}
        className={classNames(
          'inline-flex size-11 shrink-0 items-center justify-center rounded-lg sm:size-9 focus-visible:outline-2 focus-visible:outline-offset-1',
          classes.close,
        )}
      >
        <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4">
          <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
