import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// axe-core scans shared by the accessibility and guard specs. A violation of impact serious or
// critical fails the test; its message lists rule, help and selectors per screen. Lesser
// findings are attached to the test as annotations.

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const failingImpacts = new Set(['serious', 'critical']);

/**
 * The rules whose every finding is of a set impact below serious (landmarks, heading order, and
 * the like): they could never fail a test, so they are not run; about a third of each scan's time.
 * Read from axe-core as @axe-core/playwright loads it (its rule list is not typed as public); if
 * that list is not there, every rule runs.
 */
const cannotFail = (() => {
  const requireFromBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
  const axeCore = requireFromBuilder('axe-core') as { _audit?: { rules: { id: string; impact?: string | null }[] } };
  return (axeCore._audit?.rules ?? [])
    .filter((rule) => rule.impact && !failingImpacts.has(rule.impact))
    .map((rule) => rule.id);
})();

export type Finding = { where: string; id: string; impact: string; help: string; targets: string[] };

export function describeFindings(findings: Finding[]): string {
  return findings
    .map((f) => `${f.where}: [${f.impact}] ${f.id} – ${f.help}\n    ${f.targets.join('\n    ')}`)
    .join('\n');
}

/**
 * Scans the page (or the part `include` selects) as it is now. Returns the serious and critical violations; notes the
 * others (of rules without a set impact) on the test. For speed, legacy mode runs axe in the page itself instead of
 * opening a second page per scan (the app has no cross-origin frames to reach), and
 * only violations are collected in full (not every passing node).
 */
export async function scan(page: Page, where: string, { include }: { include?: string } = {}): Promise<Finding[]> {
  // Once axe is in the page (it stays there across in-app navigation), send only the
  // configuration instead of its 650 KB source again.
  const loaded = await page.evaluate(() => 'axe' in window);
  const builder = new AxeBuilder({ page, ...(loaded ? { axeSource: ';' } : {}) });
  // `include` narrows the scan to part of the page (an open dialog).
  const results = await (include ? builder.include(include) : builder)
    // options() first: it replaces the whole options object, tags and rules included.
    .options({ resultTypes: ['violations'] })
    .withTags(tags)
    .disableRules(cannotFail)
    .setLegacyMode(true)
    .analyze();
  const findings = results.violations.map((v) => ({
    where,
    id: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
  const minor = findings.filter((f) => !failingImpacts.has(f.impact));
  if (minor.length > 0)
    test.info().annotations.push({ type: 'axe (not failing)', description: describeFindings(minor) });
  return findings.filter((f) => failingImpacts.has(f.impact));
}

export function expectNone(findings: Finding[]): void {
  expect(describeFindings(findings), 'serious or critical accessibility violations').toBe('');
}
