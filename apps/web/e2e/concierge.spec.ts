import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demo, signInAs, signUpNewTraveller } from './support';

// Two people at once: a newly signed-up traveller (so no other spec touches the conversation)
// and the demo agent, each in their own browser context.

async function twoPeople(traveller: Page, agent: Page, travellerName: string) {
  await signUpNewTraveller(traveller, travellerName);
  await signInAs(agent, demo.agent);
  return { traveller, agent };
}

const unique = () => Math.random().toString(36).slice(2, 8);

test('the traveller writes, the agent answers from the inbox, the answer appears without a reload', async ({
  page,
  secondPage,
}) => {
  const name = `Chat Traveller ${unique()}`;
  const { traveller, agent } = await twoPeople(page, secondPage, name);

  await traveller.goto('/concierge?tab=chat');
  await expect(traveller.getByRole('tab', { name: 'Live Chat', selected: true })).toBeVisible();
  await expect(traveller.getByText('No messages yet')).toBeVisible();
  const input = traveller.getByLabel('Message');
  // Whitespace only is ignored.
  await input.fill('   ');
  await traveller.getByRole('button', { name: 'Send' }).click();
  await expect(traveller.getByText('No messages yet')).toBeVisible();
  await input.fill('Could you book us a sunset cruise on Friday?');
  await traveller.getByRole('button', { name: 'Send' }).click();
  await expect(input).toHaveValue('');
  const conversation = traveller.getByRole('list', { name: 'Conversation with the concierge' });
  await expect(conversation.getByText('Could you book us a sunset cruise on Friday?')).toBeVisible();
  await expect(conversation.getByText(/\d{1,2}:\d{2} (AM|PM)/).first()).toBeVisible();

  await agent.goto('/concierge');
  const entry = agent.getByRole('button', { name: new RegExp(name) });
  await expect(entry).toContainText('1 unread');
  await entry.click();
  await expect(
    agent
      .getByRole('list', { name: `Conversation with ${name}` })
      .getByText('Could you book us a sunset cruise on Friday?'),
  ).toBeVisible();
  await expect(entry).not.toContainText('unread');
  await agent.getByLabel('Message').fill('Booked: Friday at 6:30 PM from the marina.');
  await agent.getByRole('button', { name: 'Send' }).click();

  // No reload: the open chat picks the answer up by itself, once.
  await expect(conversation.getByText('Booked: Friday at 6:30 PM from the marina.')).toHaveCount(1);
  await expect(conversation.getByRole('listitem')).toHaveCount(2);
});

test('the traveller files a service request, the agent completes it, the traveller sees it green', async ({
  page,
  secondPage,
}) => {
  const { traveller, agent } = await twoPeople(page, secondPage, `Request Traveller ${unique()}`);
  const title = `Helicopter tour ${unique()}`;

  await traveller.goto('/concierge?tab=requests');
  await expect(traveller.getByText('No previous requests found')).toBeVisible();
  await traveller.getByLabel('Title').fill(title);
  await traveller.getByLabel('Type').selectOption('activity');
  await traveller.getByLabel('Notes').fill('Two people, morning if possible.');
  await traveller.getByRole('button', { name: 'Submit Request' }).click();
  await expect(traveller.getByText('Your request has been submitted successfully!')).toBeVisible();
  const mine = traveller.getByRole('listitem', { name: title });
  await expect(mine.getByText('Pending', { exact: true })).toBeVisible();

  await agent.goto('/concierge?tab=requests');
  const desk = agent.getByRole('listitem', { name: title });
  // Other specs add agents and administrators to the shared database: choose the demo agent by name.
  await desk.getByLabel('Assignee').selectOption({ label: 'Jordan Lee' });
  await desk.getByRole('button', { name: 'Assign' }).click();
  await expect(desk).toContainText('Assigned to Jordan Lee');
  await desk.getByRole('button', { name: 'Start Work' }).click();
  await expect(desk.getByText('In Progress', { exact: true })).toBeVisible();
  await desk.getByLabel('Notes for the traveller').fill('Booked for 9:00 AM with Heli Tours.');
  await desk.getByRole('button', { name: 'Save Notes' }).click();
  await expect(agent.getByText('Notes saved')).toBeVisible();
  await desk.getByRole('button', { name: 'Mark Completed' }).click();
  await expect(desk.getByText('Completed', { exact: true })).toBeVisible();

  // The traveller's open list catches up by itself: green, with the agent and the notes.
  const badge = mine.getByText('Completed', { exact: true });
  await expect(badge).toBeVisible();
  await expect(badge).toHaveAttribute('data-status', 'completed');
  await expect(badge).toHaveClass(/green/);
  await expect(mine).toContainText('Assigned to Jordan Lee');
  await expect(mine).toContainText('Booked for 9:00 AM with Heli Tours.');
});
