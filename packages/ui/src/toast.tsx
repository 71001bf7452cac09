import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

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
  /**
   * A button beside the text ("Reload"): it runs the action and closes the toast. A toast with
   * an action stays until it is used or closed, so nobody has to be quick to reach it.
   */
  action?: { label: string; onClick: () => void };
};

export type ToastApi = {
  /** Shows a toast, replacing the one on screen (only one is shown at a time). */
  toast: (options: ToastOptions) => void;
  /** Closes the toast on screen, if any. */
  dismiss: () => void;
};

/*
 * sonner keeps the toasts, renders the labelled region and places, stacks and animates them.
 * The spec asks for a few things sonner does its own way, so they live here:
 * - one toast at a time: a new toast dismisses the one before, and a dismissed toast's content
 *   leaves the page (and the accessibility tree) at once rather than after sonner's exit animation;
 * - 5000 ms that pause while the toast is hovered, pressed or the region holds focus (sonner
 *   pauses on hover only, so each toast is given an endless duration and keeps its own timer);
 * - a swipe right of more than 50 px (sonner's threshold is 45 px and a fast flick of any
 *   length also counts), and F8 focusing the region itself (sonner focuses the list inside it).
 * sonner and the card (toast-region.tsx) load on the first toast or F8, or once the page is idle
 * after loading, whichever comes first: the first screen does not wait for them.
 */

export type ToastId = string | number;

/** The toast on screen: the one sonner may still be animating out is no longer it. */
let current: ToastId | null = null;
const listeners = new Set<() => void>();
function setCurrent(id: ToastId | null) {
  current = id;
  for (const listener of listeners) listener();
}
export function subscribeToCurrentToast(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const getCurrentToast = () => current;

export type RegionState = {
  /** The region holds keyboard focus: the timer waits. */
  focused: boolean;
  close: (id: ToastId) => void;
};

type RegionModule = typeof import('./toast-region.tsx');

let regionModule: RegionModule | null = null;
let loading: Promise<RegionModule> | null = null;
const moduleListeners = new Set<() => void>();
const subscribeToModule = (listener: () => void) => {
  moduleListeners.add(listener);
  return () => moduleListeners.delete(listener);
};
const getModule = () => regionModule;

/**
 * Loads sonner and the toast card once (the provider does so when the page is idle after loading,
 * a toast or F8 sooner); a load that failed (no network) is tried again by the next caller.
 */
export function loadToastRegion(): Promise<RegionModule> {
  loading ??= import('./toast-region.tsx').then(
    (loaded) => {
      regionModule = loaded;
      for (const listener of moduleListeners) listener();
      return loaded;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Runs at once when the region's code is here, else once it is, in the order asked. */
function withRegion(run: (loaded: RegionModule) => void) {
  if (regionModule) run(regionModule);
  else loadToastRegion().then(run, (error: unknown) => console.error('The notifications could not load', error));
}

const ToastContext = createContext<ToastApi | null>(null);

/** The toast API of the nearest ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() must be used inside <ToastProvider>');
  return api;
}

const api: ToastApi = {
  toast: (options) =>
    withRegion(({ showToast, removeToast }) => {
      const previous = current;
      setCurrent(showToast(options));
      if (previous !== null) removeToast(previous);
    }),
  dismiss: () => {
    if (current !== null) closeToast(current);
  },
};

/**
 * Closes the toast on screen, if any, without a provider at hand: a dialog that opens calls it,
 * since a toast about what came before would sit over the dialog's own buttons (on a phone the
 * toast spans the width just where a docked dialog keeps its main button).
 */
export function dismissToast(): void {
  api.dismiss();
}

/** Set by the mounted provider: moves focus out of the region before its toast goes. */
let beforeClose: (() => void) | null = null;

function closeToast(id: ToastId) {
  beforeClose?.();
  if (current === id) setCurrent(null);
  withRegion(({ removeToast }) => removeToast(id));
}

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

/** Loads the region's code once the page has loaded and the browser is idle. */
function usePreloadWhenIdle() {
  useEffect(() => {
    let cancel = () => {};
    const schedule = () => {
      if (typeof requestIdleCallback === 'function') {
        const handle = requestIdleCallback(() => void loadToastRegion().catch(() => {}), { timeout: 4000 });
        cancel = () => cancelIdleCallback(handle);
      } else {
        const timer = setTimeout(() => void loadToastRegion().catch(() => {}), 1000);
        cancel = () => clearTimeout(timer);
      }
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      window.removeEventListener('load', schedule);
      cancel();
    };
  }, []);
}

export type ToastProviderProps = {
  children?: ReactNode;
};

/**
 * Provides useToast() to its children and renders sonner's notifications region (bottom right,
 * full width on small screens) in a layer of its own that an open dialog leaves readable and
 * usable. F8 moves focus to the region; Escape inside it closes the toast.
 */
export function ToastProvider({ children }: ToastProviderProps) {
  const layer = useToastLayer();
  const loaded = useSyncExternalStore(subscribeToModule, getModule, getModule);
  const [region, setRegion] = useState<HTMLElement | null>(null);
  const [focused, setFocused] = useState(false);
  // Where focus was before F8, so closing a focused toast does not drop focus to <body>.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  // F8 pressed before the region's code arrived: focus the region once it is on the page.
  const focusWhenReady = useRef(false);
  usePreloadWhenIdle();

  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key === TOAST_HOTKEY && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
        event.preventDefault();
        const active = document.activeElement;
        if (active instanceof HTMLElement && !region?.contains(active)) returnFocusTo.current = active;
        if (region) region.focus();
        else {
          focusWhenReady.current = true;
          void loadToastRegion().catch(() => {});
        }
      }
    }
    document.addEventListener('keydown', onKeyDown);
    if (!region) return () => document.removeEventListener('keydown', onKeyDown);
    if (focusWhenReady.current) {
      focusWhenReady.current = false;
      region.focus();
    }
    beforeClose = () => {
      if (!region.contains(document.activeElement)) return;
      const previous = returnFocusTo.current;
      if (previous?.isConnected && !region.contains(previous)) previous.focus();
      else region.focus();
    };
    function onRegionKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key === 'Escape' && current !== null) {
        // The toast closes, not the dialog behind it.
        event.stopPropagation();
        closeToast(current);
      }
    }
    const onFocusIn = () => setFocused(true);
    const onFocusOut = (event: FocusEvent) => {
      if (!region.contains(event.relatedTarget as Node | null)) setFocused(false);
    };
    region.addEventListener('keydown', onRegionKeyDown);
    region.addEventListener('focusin', onFocusIn);
    region.addEventListener('focusout', onFocusOut);
    return () => {
      beforeClose = null;
      document.removeEventListener('keydown', onKeyDown);
      region.removeEventListener('keydown', onRegionKeyDown);
      region.removeEventListener('focusin', onFocusIn);
      region.removeEventListener('focusout', onFocusOut);
    };
  }, [region]);

  // A toast left on screen does not come back with the next provider (sonner's store is global).
  useEffect(
    () => () => {
      setCurrent(null);
      regionModule?.removeToast();
    },
    [],
  );

  const regionState: RegionState = { focused, close: closeToast };
  const Region = loaded?.ToastRegion;
  return (
    <ToastContext.Provider value={api}>
      {children}
      {layer && Region ? createPortal(<Region regionRef={setRegion} state={regionState} />, layer) : null}
    </ToastContext.Provider>
  );
}
