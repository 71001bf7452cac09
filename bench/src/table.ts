export interface Row {
  metric: string;
  value: string;
  /** Only rows with a target have a verdict. */
  target?: string;
  pass?: boolean;
}

export function printTable(rows: Row[]): void {
  const header = { metric: 'metric', value: 'value', target: 'target', result: 'pass/fail' };
  const cells = rows.map((r) => ({
    metric: r.metric,
    value: r.value,
    target: r.target ?? '–',
    result: r.pass === undefined ? '' : r.pass ? 'pass' : 'FAIL',
  }));
  const widths = {
    metric: Math.max(header.metric.length, ...cells.map((c) => c.metric.length)),
    value: Math.max(header.value.length, ...cells.map((c) => c.value.length)),
    target: Math.max(header.target.length, ...cells.map((c) => c.target.length)),
  };
  const line = (c: typeof header) =>
    `| ${c.metric.padEnd(widths.metric)} | ${c.value.padStart(widths.value)} | ${c.target.padEnd(widths.target)} | ${c.result.padEnd(9)} |`;
  const rule = `|${'-'.repeat(widths.metric + 2)}|${'-'.repeat(widths.value + 2)}|${'-'.repeat(widths.target + 2)}|${'-'.repeat(11)}|`;
  console.log();
  console.log(line(header));
  console.log(rule);
  for (const c of cells) console.log(line(c));
}
