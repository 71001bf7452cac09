import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { onExit } from './lib/processes';

export const lighthouseCategories = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof lighthouseCategories)[number];

/** Lighthouse's presets: desktop (its desktop config), mobile (its default: a mid-range phone on slow 4G, 4× CPU slowdown). */
export type LighthousePreset = 'desktop' | 'mobile';
export const lighthousePresets: readonly LighthousePreset[] = ['desktop', 'mobile'];

export interface PageReport {
  path: string;
  preset: LighthousePreset;
  finalUrl: string;
  /** 0–100, as Lighthouse shows them: the median of the runs, per category. */
  scores: Record<Category, number>;
  /** Each run's scores, in the order they ran. */
  runs: Record<Category, number>[];
  metricsMs: { fcp: number; lcp: number; tbt: number; speedIndex: number };
  cls: number;
  /**
   * Lighthouse's measure of this machine's speed in that run (its `benchmarkIndex`): the mobile
   * preset slows the CPU by 4 × from whatever this is, so scores from different machines compare
   * only beside it.
   */
  benchmarkIndex: number;
  /** Audits that did not pass (score < 0.9), for finding what to fix. */
  failing: { id: string; title: string; score: number; displayValue?: string; urls?: string[]; nodes?: string[] }[];
}

interface LaunchedChrome {
  port: number;
  kill: () => void;
}

/**
 * chrome-launcher is lighthouse's own dependency (not the bench's): load the copy lighthouse
 * resolves, so both agree on the version and pnpm's strict layout is respected.
 */
async function loadChromeLauncher(): Promise<{
  launch: (opts: {
    chromePath: string;
    chromeFlags: string[];
    handleSIGINT: boolean;
    logLevel: string;
  }) => Promise<LaunchedChrome>;
}> {
  const requireFromLighthouse = createRequire(import.meta.resolve('lighthouse'));
  return import(pathToFileURL(requireFromLighthouse.resolve('chrome-launcher')).href) as never;
}

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const score = (s: number | null | undefined) => Math.round((s ?? 0) * 100);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Lighthouse (desktop or mobile preset) on each path, `runs` times one after another, in one headless
 * Chromium; each category's score is the median of the runs (the metrics and failing audits
 * are the median-performance run's).
 */
export async function runLighthouse(
  baseUrl: string,
  paths: string[],
  cookie: string,
  {
    runs = 3,
    chromePath = '/usr/bin/chromium',
    preset = 'desktop',
    onPage,
  }: {
    runs?: number;
    chromePath?: string;
    preset?: LighthousePreset;
    onPage?: (report: PageReport) => void;
  } = {},
): Promise<PageReport[]> {
  if (!existsSync(chromePath)) {
    throw new Error(`Chromium not found at ${chromePath}: install it with \`bash scripts/ensure-chromium.sh --full\``);
  }
  const { launch } = await loadChromeLauncher();
  const chrome = await launch({ chromePath, chromeFlags, handleSIGINT: false, logLevel: 'silent' });
  const forget = onExit(() => chrome.kill());
  try {
    const reports: PageReport[] = [];
    for (const path of paths) {
      const tries: Omit<PageReport, 'runs'>[] = [];
      for (let run = 0; run < runs; run++) {
        // A busy machine can time Chromium's protocol out: such a run is tried once more, then left out.
        const once = () => auditOnce(baseUrl, path, cookie, chrome.port, preset);
        const result = await once().catch((first: Error) => {
          console.log(`  ${path}: ${first.message.slice(0, 160)}; trying that run again`);
          return once().catch((second: Error) => {
            console.log(`  ${path}: ${second.message.slice(0, 160)}; run left out`);
            return null;
          });
        });
        if (result) tries.push(result);
      }
      if (tries.length === 0) {
        console.log(`  ${path}: every run failed; the screen is left out of the table`);
        continue;
      }
      const scores = Object.fromEntries(
        lighthouseCategories.map((c) => [c, median(tries.map((t) => t.scores[c]))]),
      ) as Record<Category, number>;
      const typical = tries.find((t) => t.scores.performance === scores.performance) ?? tries[0]!;
      const report = { ...typical, scores, runs: tries.map((t) => t.scores) };
      onPage?.(report);
      reports.push(report);
    }
    return reports;
  } finally {
    chrome.kill();
    forget();
  }
}

async function auditOnce(
  baseUrl: string,
  path: string,
  cookie: string,
  port: number,
  preset: LighthousePreset,
): Promise<Omit<PageReport, 'runs'>> {
  const result = await lighthouse(
    `${baseUrl}${path}`,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...lighthouseCategories],
      extraHeaders: { Cookie: cookie },
    },
    // No config is Lighthouse's default: the mobile preset.
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`lighthouse returned nothing for ${path}`);
  const { lhr } = result;
  // The whole report of each run, for Lighthouse's own diagnostics (bootup-time, long-tasks,
  // largest-contentful-paint-element, unused-javascript…): `NAAV_LIGHTHOUSE_REPORTS=<folder>`.
  const reportFolder = process.env.NAAV_LIGHTHOUSE_REPORTS;
  if (reportFolder) {
    mkdirSync(reportFolder, { recursive: true });
    const name = `${preset}${path.replace(/\W+/g, '-')}-${Date.now()}.json`;
    writeFileSync(join(reportFolder, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`lighthouse ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const finalUrl = lhr.finalDisplayedUrl;
  if (new URL(finalUrl).pathname.startsWith('/sign-in')) {
    throw new Error(`lighthouse ${path} ended on ${finalUrl}: the session cookie was not accepted`);
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const categoryAudits = new Set(
    lighthouseCategories.flatMap((c) => lhr.categories[c]?.auditRefs.map((r) => r.id) ?? []),
  );
  return {
    path,
    preset,
    finalUrl,
    scores: {
      performance: score(lhr.categories.performance?.score),
      accessibility: score(lhr.categories.accessibility?.score),
      'best-practices': score(lhr.categories['best-practices']?.score),
    },
    metricsMs: {
      fcp: Math.round(numeric('first-contentful-paint')),
      lcp: Math.round(numeric('largest-contentful-paint')),
      tbt: Math.round(numeric('total-blocking-time')),
      speedIndex: Math.round(numeric('speed-index')),
    },
    cls: numeric('cumulative-layout-shift'),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    failing: Object.values(lhr.audits)
      .filter(
        (a) =>
          categoryAudits.has(a.id) &&
          a.score !== null &&
          a.score < 0.9 &&
          (a.scoreDisplayMode === 'binary' ||
            a.scoreDisplayMode === 'numeric' ||
            a.scoreDisplayMode === 'metricSavings'),
      )
      .map((a) => {
        // The resources an audit names (e.g. which responses are not compressed), up to 8.
        const items =
          (a.details as { items?: { url?: unknown; node?: { selector?: unknown; snippet?: unknown } }[] } | undefined)
            ?.items ?? [];
        const urls = items.flatMap((i) => (typeof i.url === 'string' ? [i.url.replace(baseUrl, '')] : [])).slice(0, 8);
        // The elements an audit names (e.g. what shifted, the largest paint), up to 8.
        const nodes = items
          .flatMap((i) =>
            typeof i.node?.selector === 'string'
              ? [`${i.node.selector} ${String(i.node.snippet ?? '').slice(0, 120)}`]
              : [],
          )
          .slice(0, 8);
        return {
          id: a.id,
          title: a.title,
          score: a.score ?? 0,
          ...(a.displayValue ? { displayValue: a.displayValue } : {}),
          ...(urls.length ? { urls } : {}),
          ...(nodes.length ? { nodes } : {}),
        };
      }),
  };
}
