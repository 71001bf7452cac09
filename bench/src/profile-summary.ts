/**
 * Summarises a V8 .cpuprofile (from `pnpm bench -- --only=http --profile`): the functions
 * and packages with the most self time, and the functions with the most inclusive time.
 *
 * Usage: tsx src/profile-summary.ts <file.cpuprofile> [top=25] [filter]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg, filter] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top] [filter]');
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => {
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);

function where(n: ProfileNode): string {
  const url = n.callFrame.url.replace(/^file:\/\//, '');
  const pkg = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  const short = pkg ?? (url.includes('/work/main/') ? url.split('/work/main/')[1] : url) ?? '';
  return short || '(native)';
}
const label = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${where(n)}:${n.callFrame.lineNumber + 1}`;

const selfByFn = new Map<string, number>();
const selfByPkg = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  const n = byId.get(id);
  if (!n) continue;
  selfByFn.set(label(n), (selfByFn.get(label(n)) ?? 0) + us);
  selfByPkg.set(where(n), (selfByPkg.get(where(n)) ?? 0) + us);
  // Inclusive: count each distinct function once per stack.
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const node = byId.get(cur);
    if (!node) break;
    const key = label(node);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + us);
  }
}

const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  [...map.entries()]
    .filter(([k]) => !filter || k.includes(filter))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .forEach(([k, us]) => {
      console.log(`${((us / totalUs) * 100).toFixed(1).padStart(5)}%  ${k}`);
    });
};
console.log(`${(totalUs / 1e6).toFixed(1)} s sampled`);
print('self time by package/file', selfByPkg);
print('self time by function', selfByFn);
print('inclusive time by function', inclusive);
