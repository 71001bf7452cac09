import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { e2eOrigin } from './support';

const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The agent's proposal for a client, created and submitted through the API the agent's screens use; its id. */
export async function proposeTo(agent: Page, clientId: string, title: string): Promise<string> {
  const headers = { origin: e2eOrigin };
  const created = await agent.request.post('/api/proposals', {
    data: {
      clientId,
      title,
      destination: 'Porto, Portugal',
      startDate: iso(30),
      endDate: iso(33),
      expiryDate: iso(10),
      budget: 2400,
    },
    headers,
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = (await created.json()) as { id: string };
  const submitted = await agent.request.post(`/api/proposals/${id}/submit`, { headers });
  expect(submitted.ok(), await submitted.text()).toBeTruthy();
  return id;
}
