// No source file under apps/*/src or packages/*/src longer than 400 lines: a file that size is
// split by what it owns (see ARCHITECTURE.md). Tests, test data (corpora, fixtures) and
// generated files are not counted. `node tooling/checks/file-size.mjs`, run by `pnpm lint`;
// exits 1 listing each file over the limit, and each exception below that no longer needs to be.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const maxLines = 400;

/** Files allowed to be longer, each with its reason. Remove an entry once its file is split. */
const exceptions = {};

const root = fileURLToPath(new URL('../..', import.meta.url));
const source = /^(apps|packages)\/[^/]+\/src\/.+\.(ts|tsx|js|jsx|mjs|cjs)$/;
const notCounted = [
  /\.(test|spec)\.[cm]?[jt]sx?$/, // tests
  /\.fixture\.[cm]?[jt]sx?$/, // test data
  /\/(corpus|fixtures|test-support)\//, // test data and helpers
  /\.gen\.[cm]?[jt]sx?$/, // generated (routeTree.gen.ts)
];

// The files git tracks, and new ones it does not ignore, as they are in the working tree.
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--deduplicate', '--', 'apps', 'packages'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
})
  .split('\n')
  .filter((file) => source.test(file) && !notCounted.some((pattern) => pattern.test(file)));

const lineCount = (text) => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

const problems = [];
const seen = new Set();
for (const file of files) {
  let text;
  try {
    text = readFileSync(join(root, file), 'utf8');
  } catch {
    continue; // deleted in the working tree, not yet in git
  }
  seen.add(file);
  const lines = lineCount(text);
  const reason = exceptions[file];
  if (lines > maxLines && !reason) problems.push(`${file}: ${lines} lines (at most ${maxLines}); split it by what it owns`);
  if (lines <= maxLines && reason) problems.push(`${file}: ${lines} lines, within the limit: remove its exception ("${reason}") from tooling/checks/file-size.mjs`);
}
for (const [file, reason] of Object.entries(exceptions)) {
  if (!seen.has(file)) problems.push(`${file}: no such source file: remove its exception ("${reason}") from tooling/checks/file-size.mjs`);
}

if (problems.length > 0) {
  console.error(`File size check: ${problems.length} problem${problems.length === 1 ? '' : 's'}\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`File size check: ${files.length} source files, none over ${maxLines} lines (${Object.keys(exceptions).length} listed exceptions)`);
