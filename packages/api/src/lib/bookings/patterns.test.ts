import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bookingsFromCalendar } from './calendar';
import { kindOf } from './read-file';

// recheck's pure JavaScript checker: no Java or native binary needed.
process.env.RECHECK_BACKEND = 'pure';
const { check } = createRequire(import.meta.url)('recheck') as typeof import('recheck');

/**
 * Every regular expression literal in a TypeScript source (strings, templates and comments
 * skipped; a `/` starts a literal where an expression may start).
 */
function regexLiterals(source: string): { source: string; flags: string }[] {
  const found: { source: string; flags: string }[] = [];
  let i = 0;
  let previous = '';
  while (i < source.length) {
    const c = source[i]!;
    if (c === '/' && source[i + 1] === '/') {
      const lineEnd = source.indexOf('\n', i);
      if (lineEnd < 0) break;
      i = lineEnd;
      continue;
    }
    if (c === '/' && source[i + 1] === '*') {
      i = source.indexOf('*/', i + 2) + 2;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < source.length && source[j] !== c) j += source[j] === '\\' ? 2 : 1;
      i = j + 1;
      previous = 'string';
      continue;
    }
    if (
      c === '/' &&
      (previous === '' ||
        '(,=:[!&|?{};+-*%<>~^'.includes(previous.at(-1)!) ||
        /^(return|typeof|case|of|in)$/.test(previous))
    ) {
      let j = i + 1;
      let inClass = false;
      while (j < source.length && (inClass || source[j] !== '/')) {
        if (source[j] === '\\') j++;
        else if (source[j] === '[') inClass = true;
        else if (source[j] === ']') inClass = false;
        j++;
      }
      let k = j + 1;
      while (k < source.length && /[a-z]/.test(source[k]!)) k++;
      found.push({ source: source.slice(i + 1, j), flags: source.slice(j + 1, k) });
      i = k;
      previous = 'regex';
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (/[\w$]/.test(c)) {
      let j = i;
      while (j < source.length && /[\w$]/.test(source[j]!)) j++;
      previous = source.slice(i, j);
      i = j;
      continue;
    }
    previous = c;
    i++;
  }
  return found;
}

const dir = import.meta.dirname;
const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
const patterns = sources.flatMap((file) =>
  regexLiterals(readFileSync(join(dir, file), 'utf8')).map((p) => ({ file, ...p })),
);

describe('patterns the booking parsers run on uploaded text', () => {
  it('finds the patterns of every parser, and builds no pattern at run time', () => {
    expect(sources).toEqual(
      expect.arrayContaining(['calendar.ts', 'html.ts', 'read-file.ts', 'schema-org.ts', 'wallet-pass.ts', 'times.ts']),
    );
    expect(patterns.length).toBeGreaterThan(40);
    // Each literal found really is one: it compiles with its flags.
    for (const p of patterns) expect(() => new RegExp(p.source, p.flags), `${p.file}: /${p.source}/`).not.toThrow();
    for (const file of sources)
      expect(readFileSync(join(dir, file), 'utf8'), file).not.toMatch(/new RegExp\(|RegExp\(/);
  });

  it.each(patterns.map((p) => [`${p.file}: /${p.source}/${p.flags}`, p] as const))(
    '%s cannot backtrack catastrophically',
    async (_, p) => {
      // The automaton checker proves linearity (fuzzing can miss a quadratic case and call it safe).
      // No time limit of its own: on a busy machine a check that ran out of time answered "unknown"; the test's own limit bounds it.
      const diagnostics = await check(p.source, p.flags, { checker: 'automaton', timeout: null });
      expect({
        status: diagnostics.status,
        complexity: diagnostics.status === 'vulnerable' ? diagnostics.complexity.type : null,
      }).toEqual({ status: 'safe', complexity: null });
    },
    90_000,
  );

  it('reads a calendar whose description is "Confirmation" and 120,000 spaces, and still finds real references', () => {
    const calendar = (description: string) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'UID:1',
        'DTSTART:20270101T100000Z',
        'SUMMARY:Dinner at Tasca',
        `DESCRIPTION:${description}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n');
    expect(
      bookingsFromCalendar(calendar(`Confirmation${' '.repeat(120_000)}`), 'spaces.ics')[0]!.confirmationNumber,
    ).toBeNull();
    expect(bookingsFromCalendar(calendar('Confirmation number:   QX7P2M'), 'ok.ics')[0]!.confirmationNumber).toBe(
      'QX7P2M',
    );
    expect(bookingsFromCalendar(calendar('Booking #\\nAB-1234'), 'ok.ics')[0]!.confirmationNumber).toBe('AB-1234');
  });

  it('sniffs a 260 KB "<script" that never closes as plain text, and a JSON-LD page as HTML', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(kindOf({ name: 'open.txt', bytes: bytes(`${'x'.repeat(5000)}<script${' a'.repeat(130_000)}`) })).toBe(
      'text',
    );
    expect(
      kindOf({ name: 'page.txt', bytes: bytes(`${'x'.repeat(5000)}<script type="application/ld+json">{}</script>`) }),
    ).toBe('html');
  });
});
