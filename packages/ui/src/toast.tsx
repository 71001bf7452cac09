import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { classNames } from './class-names.ts';

/** How long a toast stays before it closes by itself (paused while hovered or focused). */
export const TOAST_DURATION_MS = 5000;
/** How far a toast must be dragged to the right to dismiss it. */
export const SWIPE_THRESHOLD_PX = 50;
/** The key that moves keyboard focus to the notifications region. */
export const TOAST_HOTKEY = 'F8';

export type ToastTone = 'default' | 'success' | 'destructive';

export type ToastOptions = {
  title: string;
  description?: string;
  tone?: ToastTone;
};

export type ToastApi = {
  /** Shows a toast, replacing the one on screen (only one is shown at a time). */
  toast: (options: ToastOptions) => void;
  /** Closes the toast on screen, if any. */
  dismiss: () => void;
};

type ActiveToast = ToastOptions & { id: number };

const ToastContext = createContext<ToastApi | null>(null);

/** The toast API of the nearest ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() must be used inside <ToastProvider>');
  return api;
}

export type ToastProviderProps = {
  children?: ReactNode;
};

/**
 * The notifications region's own element, straight under <body>, beside the app and the
 * dialog layer: an open modal dialog makes everything else inert and hidden from screen
 * readers, and a toast about what the dialog just did must still be read and closable.
 * Headless UI's dialog counts such a top-level element as its own (clicks and focus there
 * leave it open) but marks it inert with the rest of the page when it opens, so the
 * element takes those marks off again at once.
 */
function useToastLayer(): HTMLElement | null {
  const [layer, setLayer] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const element = document.createElement('div');
    element.dataset['toastLayer'] = '';
    document.body.append(element);
    const release = () => {
      if (element.hasAttribute('inert')) element.removeAttribute('inert');
      if (element.hasAttribute('aria-hidden')) element.removeAttribute('aria-hidden');
    };
    const observer = new MutationObserver(release);
    observer.observe(element, { attributes: true, attributeFilter: ['inert', 'aria-hidden'] });
    setLayer(element);
    return () => {
      observer.disconnect();
      element.remove();
    };
  }, []);
  return layer;
}

/**
 * Provides useToast() to its children and renders the notifications region (fixed at the
 * bottom, bottom-right from the sm breakpoint) in a layer of its own that an open dialog
 * leaves readable and usable. F8 moves focus to the region; Escape inside it closes the toast.
 */
export function ToastProvider({ children }: ToastProviderProps) {
  const layer = useToastLayer();
  const [current, setCurrent] = useState<ActiveToast | null>(null);
  const [regionFocused, setRegionFocused] = useState(false);
  const regionRef = useRef<HTMLElement>(null);
  const nextId = useRef(0);
  // Where focus was before F8, so closing a focused toast does not drop focus to <body>.
  const returnFocusTo = useRef<HTMLElement | null>(null);

  const close = useCallback((id?: number) => {
    const region = regionRef.current;
    if (region?.contains(document.activeElement)) {
      const previous = returnFocusTo.current;
      if (previous?.isConnected && !region.contains(previous)) previous.focus();
      else region.focus();
    }
    setCurrent((active) => (id === undefined || active?.id === id ? null : active));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      toast: (options) => {
        nextId.current += 1;
        setCurrent({ ...options, id: nextId.current });
      },
      dismiss: () => close(),
    }),
    [close],
  );

  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key !== TOAST_HOTKEY || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const region = regionRef.current;
      if (!region) return;
      event.preventDefault();
      const active = document.activeElement;
      if (active instanceof HTMLElement && !region.contains(active)) returnFocusTo.current = active;
      region.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  function onRegionKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && current) {
      event.stopPropagation();
      close();
    }
  }

  function onRegionBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setRegionFocused(false);
  }

  const region = (
    <section
      ref={regionRef}
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      tabIndex={-1}
      onFocus={() => setRegionFocused(true)}
      onBlur={onRegionBlur}
      onKeyDown={onRegionKeyDown}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-60 flex flex-col items-center p-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:left-auto sm:w-full sm:max-w-md sm:items-end sm:p-4"
    >
      {current ? (
        <ToastItem key={current.id} toast={current} paused={regionFocused} onClose={close} />
      ) : null}
    </section>
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      {layer ? createPortal(region, layer) : null}
    </ToastContext.Provider>
  );
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

type ToastItemProps = {
  toast: ActiveToast;
  /** Paused from outside, e.g. while the region holds keyboard focus. */
  paused: boolean;
  onClose: (id: number) => void;
};

function ToastItem({ toast, paused: pausedFromRegion, onClose }: ToastItemProps) {
  const { id, title, description, tone = 'default' } = toast;
  const [hovered, setHovered] = useState(false);
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ pointerId: number; startX: number } | null>(null);
  const remaining = useRef(TOAST_DURATION_MS);
  const paused = pausedFromRegion || hovered || dragging;

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
        'pointer-events-auto flex w-full max-w-sm touch-pan-y items-start gap-3 rounded-xl border py-3 pr-2 pl-4 shadow-lg select-none',
        !dragging && 'transition-[transform,opacity] duration-200 motion-reduce:transition-none',
        classes.box,
      )}
    >
      <div className="min-w-0 flex-1 py-1">
        <p className="text-sm font-semibold">{title}</p>
        {description ? <p className={classNames('mt-1 text-sm', classes.description)}>{description}</p> : null}
      </div>
      <button
        type="button"
        aria-label="Close"
        onClick={() => onClose(id)}
        className={classNames(
          'inline-flex size-9 shrink-0 items-center justify-center rounded-lg focus-visible:outline-2 focus-visible:outline-offset-1',
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
