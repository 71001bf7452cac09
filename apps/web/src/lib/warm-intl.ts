/**
 * The browser's Intl data (ICU) loads on its first use, in one go: on a slow phone the first
 * screen that shows an amount or a local time would take it, 60 to 110 ms, inside the render of
 * that screen, a task a tap has to wait behind. Started while the page waits for the network,
 * in short steps of a task each (each formatter on its way loads a part of what the next one
 * needs), it is loaded by the time the screen draws.
 */
const steps: ReadonlyArray<() => unknown> = [
  () => new Intl.Locale('en-US').maximize(),
  () => new Intl.Collator('en-US').compare('a', 'b'),
  () => new Intl.RelativeTimeFormat('en-US').format(1, 'day'),
  () => new Intl.ListFormat('en-US').format(['a', 'b']),
  () => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(1),
  () => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', timeZoneName: 'longOffset' }).format(0),
];

/** Runs `run` in a task of its own, after what the browser has waiting. */
const nextTask = (run: () => void) => void setTimeout(run);

/**
 * Loads the Intl data step by step, one task each. A step the platform cannot take is left out:
 * the screens then load what they need as before.
 */
export function warmIntl(schedule: (run: () => void) => void = nextTask, pending = [...steps]): void {
  const step = pending.shift();
  if (!step) return;
  schedule(() => {
    try {
      step();
    } catch {
      // An older browser without this formatter: nothing to load here.
    }
    warmIntl(schedule, pending);
  });
}
