import { expect, type Locator, type Page } from '@playwright/test';

// Layout checks shared by the guard (guard.spec.ts) and the phone tests (phones.spec.ts).

/** The widths the guard checks every screen at: a small phone and a laptop. */
export const guardViewports = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;

export type GuardViewport = keyof typeof guardViewports;

/**
 * What would make a person scroll sideways or miss content at this width, one line each:
 * the page being wider than the viewport, and every element whose box leaves the viewport
 * horizontally without being clipped by a container that is itself on screen (a table in
 * its own scroll box is fine; a label that escapes that box is not). Visually hidden
 * elements (the `sr-only` pattern) are skipped here: if they push the page wider, the
 * first line says so.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const viewportWidth = document.documentElement.clientWidth;
    const problems: string[] = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > viewportWidth) problems.push(`the page is ${pageWidth} px wide in a ${viewportWidth} px viewport`);

    const styleOf = (element: Element) => getComputedStyle(element);
    const onScreen = (rect: DOMRect) => rect.left >= -1 && rect.right <= viewportWidth + 1;

    /** The sr-only pattern (1 px, clipped): read by screen readers, never seen. */
    function visuallyHidden(element: Element): boolean {
      for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
        const style = styleOf(node);
        if (style.visibility === 'hidden' || style.opacity === '0') return true;
        const rect = node.getBoundingClientRect();
        const clipped = style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)';
        if (clipped && rect.width <= 1 && rect.height <= 1) return true;
      }
      return false;
    }

    const isPositioned = (style: CSSStyleDeclaration) =>
      style.position !== 'static' ||
      style.transform !== 'none' ||
      style.translate !== 'none' ||
      style.filter !== 'none' ||
      style.contain.includes('paint');

    /**
     * Whether a container that clips or scrolls sideways (and is itself on screen) holds the
     * element. Follows the containing-block chain: an absolutely positioned element is not
     * clipped by the containers between it and its positioned ancestor, a fixed one by none.
     */
    function heldByVisibleContainer(element: Element): boolean {
      let current: Element = element;
      for (;;) {
        const position = styleOf(current).position;
        if (position === 'fixed') return false;
        let ancestor = current.parentElement;
        if (position === 'absolute') {
          while (ancestor && ancestor !== document.documentElement && !isPositioned(styleOf(ancestor)))
            ancestor = ancestor.parentElement;
        }
        if (!ancestor || ancestor === document.body || ancestor === document.documentElement) return false;
        const style = styleOf(ancestor);
        if (style.overflowX !== 'visible') return onScreen(ancestor.getBoundingClientRect());
        current = ancestor;
      }
    }

    function describe(element: Element, rect: DOMRect): string {
      const label =
        element.getAttribute('aria-label') ?? (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
      const classes = typeof element.className === 'string' ? element.className.split(/\s+/).slice(0, 4).join('.') : '';
      return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${label}" spans ${Math.round(rect.left)}–${Math.round(rect.right)} px`;
    }

    const reported: Element[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || onScreen(rect)) continue;
      if (visuallyHidden(element) || heldByVisibleContainer(element)) continue;
      // One line per escaping subtree: its descendants escape with it.
      if (reported.some((outer) => outer.contains(element))) continue;
      reported.push(element);
      problems.push(describe(element, rect));
    }
    return problems;
  });
}

/** Fails, listing every problem, when anything at this width makes a person scroll sideways. */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  expect((await layoutProblems(page)).join('\n'), `${where}: nothing should leave the screen sideways`).toBe('');
}

/**
 * Where the element's box is not wholly inside the viewport (without scrolling the page),
 * or another element covers its middle; '' when a person can see and press it as it is.
 */
export async function offScreenReason(target: Locator): Promise<string> {
  return target.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;
    const where = `${Math.round(rect.left)},${Math.round(rect.top)}–${Math.round(rect.right)},${Math.round(rect.bottom)} in ${width}×${height}`;
    if (rect.width === 0 || rect.height === 0) return `it has no size (${where})`;
    if (rect.left < -1 || rect.top < -1 || rect.right > width + 1 || rect.bottom > height + 1)
      return `it is not wholly on screen (${where})`;
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    if (!hit || !(element === hit || element.contains(hit)))
      return `something else covers it (${where}): ${hit?.outerHTML.slice(0, 120)}`;
    return '';
  });
}

/** The element can be seen and pressed where it is, without scrolling anything. */
export async function expectOnScreen(target: Locator, what: string): Promise<void> {
  await expect(target).toBeVisible();
  expect(await offScreenReason(target), `${what} should be wholly on screen`).toBe('');
}

/** The smallest tap target a phone allows (WCAG 2.5.5's 44 × 44 CSS px, the project's rule). */
export const minTapTarget = 44;

/**
 * Every control a person taps that is smaller than 44 × 44 px, one line each: visible, enabled
 * buttons, links, tabs, menu items, selects, summaries, and checkboxes and radios (measured with
 * their label: the label is what a finger presses). The element's own box is measured (what
 * receives the tap), so a target enlarged only by drawing a pseudo-element around it does not
 * count. The one exception is WCAG 2.5.8's inline one: a link inside a sentence of running text,
 * whose height the line of text sets.
 */
export async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate((minimum) => {
    const selector = [
      'a[href]',
      'button',
      'summary',
      'select',
      'input[type="checkbox"]',
      'input[type="radio"]',
      'input[type="button"]',
      'input[type="submit"]',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="menuitemradio"]',
      '[role="menuitemcheckbox"]',
      '[role="option"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
    ].join(',');
    const big = (rect: DOMRect) => rect.width + 0.5 >= minimum && rect.height + 0.5 >= minimum;

    /** Not seen or not pressable: hidden, transparent, the sr-only pattern, or disabled. */
    function unseen(element: Element): boolean {
      if ((element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true') return true;
      // Behind an open dialog: not pressable until it closes (the screen itself is checked without it).
      if (element.closest('fieldset:disabled, [inert]')) return true;
      for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') return true;
        const rect = node.getBoundingClientRect();
        const clipped = style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)';
        if (clipped && rect.width <= 1 && rect.height <= 1) return true;
      }
      return false;
    }

    /** A link in a sentence: shown inline, with text of its own paragraph around it (WCAG 2.5.8's inline exception). */
    function inlineInText(element: Element): boolean {
      if (getComputedStyle(element).display !== 'inline') return false;
      const block = element.parentElement;
      if (!block) return false;
      const own = (element.textContent ?? '').replace(/\s+/g, '');
      const around = (block.textContent ?? '').replace(/\s+/g, '');
      return around.length > own.length;
    }

    /** A checkbox or radio counts with its label (a wrapping label, or one naming it by id). */
    function withLabel(element: Element): DOMRect[] {
      const rects = [element.getBoundingClientRect()];
      const input = element as HTMLInputElement;
      if (input.labels) for (const label of input.labels) rects.push(label.getBoundingClientRect());
      return rects;
    }

    function describe(element: Element, rect: DOMRect): string {
      const label =
        element.getAttribute('aria-label') ??
        ((element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50) || element.getAttribute('title') || '');
      const classes = typeof element.className === 'string' ? element.className.split(/\s+/).slice(0, 4).join('.') : '';
      return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${label}" is ${Math.round(rect.width)} × ${Math.round(rect.height)} px, under ${minimum} × ${minimum}`;
    }

    const problems: string[] = [];
    for (const element of document.body.querySelectorAll(selector)) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || unseen(element)) continue;
      const isChoice = element.matches('input[type="checkbox"], input[type="radio"]');
      if (isChoice ? withLabel(element).some(big) : big(rect)) continue;
      // A label that wraps a checkbox is measured as the checkbox's; an element inside a bigger target is pressed through it.
      const outer = isChoice ? null : element.parentElement?.closest(selector);
      if (outer && big(outer.getBoundingClientRect())) continue;
      if (element.matches('a[href], [role="link"]') && inlineInText(element)) continue;
      problems.push(describe(element, rect));
    }
    return problems;
  }, minTapTarget);
}
