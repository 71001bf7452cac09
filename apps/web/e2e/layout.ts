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
      style.position !== 'static' || style.transform !== 'none' || style.translate !== 'none' || style.filter !== 'none' || style.contain.includes('paint');

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
          while (ancestor && ancestor !== document.documentElement && !isPositioned(styleOf(ancestor))) ancestor = ancestor.parentElement;
        }
        if (!ancestor || ancestor === document.body || ancestor === document.documentElement) return false;
        const style = styleOf(ancestor);
        if (style.overflowX !== 'visible') return onScreen(ancestor.getBoundingClientRect());
        current = ancestor;
      }
    }

    function describe(element: Element, rect: DOMRect): string {
      const label =
        element.getAttribute('aria-label') ??
        (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
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
    if (rect.left < -1 || rect.top < -1 || rect.right > width + 1 || rect.bottom > height + 1) return `it is not wholly on screen (${where})`;
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    if (!hit || !(element === hit || element.contains(hit))) return `something else covers it (${where}): ${hit?.outerHTML.slice(0, 120)}`;
    return '';
  });
}

/** The element can be seen and pressed where it is, without scrolling anything. */
export async function expectOnScreen(target: Locator, what: string): Promise<void> {
  await expect(target).toBeVisible();
  expect(await offScreenReason(target), `${what} should be wholly on screen`).toBe('');
}
