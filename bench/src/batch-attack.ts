import autocannon from 'autocannon';

/** The attack: anonymous 1,200-call tRPC batches of a public procedure, on 4 connections. */
export const attack = { connections: 4, callsPerBatch: 1_200, procedure: 'system.demo' } as const;

export interface BatchAttackReport {
  /** Another (signed-in) user's GET /api/trips, one request at a time: p50 alone and while the attack runs. */
  victimP50Ms: { alone: number; duringAttack: number };
  /** duringAttack ÷ alone. */
  ratio: number;
  victimRequests: { alone: number; duringAttack: number };
  /** The attack's answers by status (400 once batches are bounded) and its request rate. */
  attackStatuses: Record<string, number>;
  attackRequestsPerSecond: number;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** One request at a time for `seconds`, as a person clicking through the app: the latencies in ms. */
export async function victim(url: string, cookie: string, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status} while another user was timed`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/**
 * Another user's p50 on GET /api/trips alone, then while 4 anonymous connections send
 * 1,200-call batches of a public procedure (what took it from 7 ms to 7 s before tRPC
 * batches were bounded). Millisecond precision from the sampler itself, not autocannon's
 * whole-millisecond histogram.
 */
export async function benchBatchAttack(baseUrl: string, cookie: string, seconds: number): Promise<BatchAttackReport> {
  const tripsUrl = `${baseUrl}/api/trips`;
  await victim(tripsUrl, cookie, 1); // warm-up
  const alone = await victim(tripsUrl, cookie, seconds);

  const attackUrl = `${baseUrl}/trpc/${Array(attack.callsPerBatch).fill(attack.procedure).join(',')}?batch=1`;
  const statuses: Record<string, number> = {};
  let instance: autocannon.Instance | undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon({ url: attackUrl, connections: attack.connections, duration: seconds + 2, timeout: 60 }, (error, result) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
    );
  });
  instance?.on('response', (_client, statusCode) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  // Let the attack reach full pressure before sampling.
  await new Promise((r) => setTimeout(r, 1000));
  const during = await victim(tripsUrl, cookie, seconds);
  const result = await finished;

  const victimP50Ms = { alone: round(median(alone)), duringAttack: round(median(during)) };
  return {
    victimP50Ms,
    ratio: round(victimP50Ms.duringAttack / victimP50Ms.alone),
    victimRequests: { alone: alone.length, duringAttack: during.length },
    attackStatuses: statuses,
    attackRequestsPerSecond: round(result.requests.average),
  };
}

export const round = (n: number) => Math.round(n * 100) / 100;
