import { lazy, Suspense, useState, type ComponentType, type JSX } from 'react';

/** A dialog component whose code loads on first use, with `preload()` to fetch it sooner. */
export type LazyDialog<P> = ComponentType<P> & { preload: () => void };

/**
 * A dialog that a screen does not draw at first (add, edit, delete, share…), loaded the first time it
 * opens: nothing of it (its form library, its transitions) is fetched, parsed or rendered with the
 * screen. From its first opening on it stays mounted, so it plays its closing transition and returns
 * focus as before. Until its code has arrived nothing shows, so the page does not move, and the
 * button that opened it keeps focus; the dialog then takes it. `preload()`, called when the opener is
 * pointed at, focused or pressed, usually has the code there before the click ends. A preload that
 * fails (a network drop) is tried again at the next one or at the opening.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): LazyDialog<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Loaded = lazy(start);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per dialog at module level, never while rendering
  function WhenOpened(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...(props as P & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  }
  return Object.assign(WhenOpened, { preload: () => void start().catch(() => undefined) });
}

/** Props for the button that opens a lazy dialog: pointing at, focusing or pressing it fetches the dialog's code. */
export function preloadOnIntent(...dialogs: { preload: () => void }[]) {
  const preload = () => {
    for (const dialog of dialogs) dialog.preload();
  };
  return { onPointerOver: preload, onFocus: preload, onPointerDown: preload };
}
