import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Row } from './table';

/**
 * `--only=testcpu` (not in the default set: about ten minutes on two cores): the README's test
 * command from a fresh clone. The repository's committed HEAD is cloned into a temporary folder
 * and `.ci/run` (CI's copy of the README's command: install, then `pnpm test`) runs there; the
 * figure is the CPU time of everything it started (user + system of every process it waited
 * for, as the shell's `times` counts its children). `--test-command='…'` runs another command
 * in the clone instead (to try the section quickly).
 */
export interface TestCpuReport {
  command: string;
  commit: string;
  exitCode: number;
  cpuSeconds: number;
  userSeconds: number;
  systemSeconds: number;
  wallSeconds: number;
}

const testCpuTarget = 1150;

function run(command: string, args: string[], cwd: string, log?: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.length > 200_000) output = output.slice(-100_000);
      if (log) process.stdout.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** `times` prints the shell's own line, then its children's: "0m12.345s 0m1.234s". */
function childTimes(line: string): { user: number; system: number } {
  const seconds = (text: string) => {
    const m = /^(\d+)m([\d.]+)s$/.exec(text);
    if (!m) throw new Error(`cannot read the CPU times in "${line}"`);
    return Number(m[1]) * 60 + Number(m[2]);
  };
  const [user = '', system = ''] = line.trim().split(/\s+/);
  return { user: seconds(user), system: seconds(system) };
}

export async function benchTestCpu(root: string, { command }: { command?: string } = {}): Promise<TestCpuReport> {
  const tmp = mkdtempSync(join(tmpdir(), 'naav-testcpu-'));
  // Readable by others, as a checkout is: run as root, a test starts the server as `nobody`.
  chmodSync(tmp, 0o755);
  try {
    const head = await run('git', ['rev-parse', 'HEAD'], root);
    const commit = head.output.trim();
    const clone = join(tmp, 'naav');
    console.log(`Test CPU: cloning ${commit.slice(0, 12)} into ${clone}…`);
    for (const args of [
      ['clone', '--quiet', '--no-checkout', root, clone],
      ['-C', clone, 'checkout', '--quiet', '--detach', commit],
    ]) {
      const done = await run('git', args, tmp);
      if (done.code !== 0) throw new Error(`git ${args.join(' ')} failed:\n${done.output}`);
    }
    const testCommand = command ?? 'bash .ci/run';
    console.log(
      `Test CPU: running \`${testCommand}\` in the clone${command ? '' : " (the README's command: about ten minutes)"}…`,
    );
    const timesFile = join(tmp, 'times');
    const started = performance.now();
    // The shell waits for the command, then writes what its children used (counted as each was reaped).
    const done = await run(
      'bash',
      ['-c', `${testCommand}\nstatus=$?\ntimes > ${JSON.stringify(timesFile)}\nexit $status`],
      clone,
      'log',
    );
    const wallSeconds = (performance.now() - started) / 1000;
    const children = readFileSync(timesFile, 'utf8').split('\n')[1] ?? '';
    const { user, system } = childTimes(children);
    return {
      command: testCommand,
      commit,
      exitCode: done.code,
      cpuSeconds: Math.round((user + system) * 10) / 10,
      userSeconds: Math.round(user * 10) / 10,
      systemSeconds: Math.round(system * 10) / 10,
      wallSeconds: Math.round(wallSeconds),
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

export function testCpuRows(report: TestCpuReport): Row[] {
  const ok = report.exitCode === 0;
  return [
    {
      metric: `test command from a fresh clone (\`${report.command}\`), CPU seconds (user + system)${ok ? '' : `; it FAILED with exit code ${report.exitCode}`}`,
      value: `${report.cpuSeconds} s (${report.userSeconds} + ${report.systemSeconds})`,
      target: `≤ ${testCpuTarget} s, passing`,
      pass: ok && report.cpuSeconds <= testCpuTarget,
    },
    { metric: 'test command from a fresh clone, wall time', value: `${report.wallSeconds} s` },
  ];
}
