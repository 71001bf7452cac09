import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link in the documentation resolves: README.md, ARCHITECTURE.md, CONTRIBUTING.md
 * and docs/*.md. A link's file (or folder) exists, and a `#anchor` into a Markdown file names one
 * of its headings, slugged as GitHub slugs them. Links to other sites are not fetched.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function documentationFiles(repoRoot: string): string[] {
  const top = ['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md'].map((name) => join(repoRoot, name));
  const docs = join(repoRoot, 'docs');
  const inDocs = existsSync(docs)
    ? readdirSync(docs)
        .filter((name) => name.endsWith('.md'))
        .sort()
        .map((name) => join(docs, name))
    : [];
  return [...top, ...inDocs];
}

/** The Markdown outside fenced code blocks, with inline code spans blanked out. */
function proseOf(markdown: string): string {
  let inFence = false;
  const lines = markdown.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      return '';
    }
    return inFence ? '' : line;
  });
  return lines.join('\n').replace(/(`+)[\s\S]*?\1/g, (span) => ' '.repeat(span.length));
}

/** GitHub's heading anchor: lower case, punctuation dropped, each space a hyphen. */
function slugOf(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = inFence ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const slug = slugOf(heading[1]);
    const times = seen.get(slug) ?? 0;
    seen.set(slug, times + 1);
    anchors.add(times === 0 ? slug : `${slug}-${times}`);
  }
  return anchors;
}

/** Each relative link of one file that does not resolve, as `file: target (why)`. */
function brokenLinksOf(file: string, repoRoot: string): string[] {
  const markdown = readFileSync(file, 'utf8');
  const broken: string[] = [];
  const links = proseOf(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g);
  for (const [, target] of links) {
    if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …
    const [pathPart = '', anchor] = target.split('#', 2);
    const path = decodeURIComponent(pathPart);
    const linked = path === '' ? file : path.startsWith('/') ? join(repoRoot, path) : resolve(dirname(file), path);
    const where = `${relative(repoRoot, file)}: ${target}`;
    if (!existsSync(linked)) {
      broken.push(`${where} (no such file)`);
      continue;
    }
    if (anchor !== undefined && linked.endsWith('.md') && statSync(linked).isFile()) {
      if (!anchorsOf(readFileSync(linked, 'utf8')).has(anchor)) broken.push(`${where} (no such heading)`);
    }
  }
  return broken;
}

describe('documentation links', () => {
  const files = documentationFiles(root);

  it('reads the documentation files it is meant to check', () => {
    for (const file of files) expect(existsSync(file), relative(root, file)).toBe(true);
    expect(files.length).toBeGreaterThan(3);
  });

  it.each(files.map((file) => [relative(root, file), file]))('every relative link in %s resolves', (_, file) => {
    expect(brokenLinksOf(file, root)).toEqual([]);
  });

  it('slugs headings as GitHub does', () => {
    expect(slugOf('Family & groups')).toBe('family--groups');
    expect(slugOf('Idempotency-Key: writes that may be sent again')).toBe(
      'idempotency-key-writes-that-may-be-sent-again',
    );
    expect(slugOf('`pnpm bench` figures')).toBe('pnpm-bench-figures');
    expect([...anchorsOf('# A\n## A\n```\n# not a heading\n```\n')]).toEqual(['a', 'a-1']);
  });

  it('finds a broken link and a broken anchor', () => {
    const folder = mkdtempSync(join(tmpdir(), 'doc-links-'));
    const sample = join(folder, 'sample.md');
    writeFileSync(join(folder, 'there.md'), '# Over here\n');
    writeFileSync(
      sample,
      [
        '# Naav — Navigation Assistant for Aspirations & Voyages',
        '[ok](#naav--navigation-assistant-for-aspirations--voyages) [ok](there.md#over-here)',
        '[gone](no-such-file.md) [bad](#no-such-heading) [bad](there.md#elsewhere) [web](https://naav.example)',
        '`[code](nowhere.md)`',
        '```',
        '[fenced](nowhere.md)',
        '```',
      ].join('\n'),
    );
    try {
      expect(brokenLinksOf(sample, folder)).toEqual([
        'sample.md: no-such-file.md (no such file)',
        'sample.md: #no-such-heading (no such heading)',
        'sample.md: there.md#elsewhere (no such heading)',
      ]);
    } finally {
      rmSync(folder, { recursive: true });
    }
  });
});
