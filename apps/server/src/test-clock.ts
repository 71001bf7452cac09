/** The header a test sends to set the API's clock for one request (TEST_CLOCK_HEADER, NODE_ENV=test only). */
export const testClockHeader = 'x-naav-test-now';

/**
 * The request's test instant as the API's clock, so contract tests that pin "today" can run
 * against real app processes; without the header (or with an invalid one), the real time.
 */
export function testClock(req: Request): (() => Date) | undefined {
  const value = req.headers.get(testClockHeader);
  if (!value) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : () => at;
}
