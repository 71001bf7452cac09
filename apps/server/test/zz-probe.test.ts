import { it } from 'vitest';
import { createTestServer } from '/work/wt/apps/server/test/harness';
it('probe', async () => {
  const s = await createTestServer({ seed: false });
  const doc = await (await s.request('/api/openapi.json')).json() as any;
  for (const p of ["/trips/{id}/cancel","/trips/{id}/share","/trips/{id}/calendar-subscription","/trips/{id}"]) console.log(p, JSON.stringify(Object.fromEntries(Object.entries(doc.paths[p]).map(([m,o]:any)=>[m, Object.keys(o)]))));
  console.log(JSON.stringify(doc.paths['/trips/{id}/calendar.ics'].get.responses['200']));
  console.log(Object.keys(doc.paths));
});
