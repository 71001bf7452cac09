import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU accounting from /proc (Linux), so a run can say how much CPU the server under test
 * used per request, and how busy the machine was with processes that are not the bench's.
 * Elsewhere the figures are simply missing.
 */
const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

const available = (() => {
  try {
    readFileSync('/proc/stat');
    return true;
  } catch {
    return false;
  }
})();

/** CPU milliseconds used so far by every process in a process group (its user + system time). */
export function groupCpuMs(pgid: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after "(comm)": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks / clockTicks) * 1000;
}

/** Busy and total CPU milliseconds of the whole machine so far (all cores). */
function machineCpuMs(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: ((total - idle) / clockTicks) * 1000, total: (total / clockTicks) * 1000 };
}

const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export interface CpuWindow {
  /** CPU ms the measured process group used in the window. */
  targetMs: number;
  /** Share of all cores' time used by processes that are neither the target nor the bench itself. */
  othersShare: number;
}

/** Starts measuring; the returned function ends the window. */
export function cpuWindow(targetPgid: number): () => CpuWindow | undefined {
  if (!available) return () => undefined;
  const target = groupCpuMs(targetPgid);
  const machine = machineCpuMs();
  const own = ownCpuMs();
  return () => {
    const targetMs = groupCpuMs(targetPgid) - target;
    const m = machineCpuMs();
    const total = m.total - machine.total;
    const others = m.busy - machine.busy - targetMs - (ownCpuMs() - own);
    return { targetMs, othersShare: total > 0 ? Math.max(0, others / total) : 0 };
  };
}
