import { expectNone, scan } from './axe';
import { expect, test } from './fixtures';
import { proposeTo } from './propose';
import { demo, signInAs, signUpNewTraveller } from './support';

// A traveller of their own (specs share one demo database) and the demo agent, each in a browser
// context. The app has no refetch timer: what appears without a reload was pushed.

test("the agent submits a proposal: the client's bell counts it without a reload, and opening it lands on the proposal and clears the count", async ({
  page: client,
  secondPage: agent,
}) => {
  const name = `Bea Bell ${Date.now().toString(36)}`;
  const title = `Porto for ${name}`;
  await signUpNewTraveller(client, name);
  const me = (await (await client.request.get('/api/me')).json()) as { id: string };
  await signInAs(agent, demo.agent);

  await client.goto('/my-trips');
  const bell = client.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  // Empty at first; Escape closes the panel and gives focus back to the bell.
  await bell.click();
  const panel = client.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByText("You're all caught up")).toBeVisible();
  await client.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();

  const id = await proposeTo(agent, me.id, title);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(client.getByTestId('unread-count')).toHaveText('1');

  // By keyboard: Enter opens the panel, Tab reaches the notice.
  await bell.press('Enter');
  const notice = panel.getByRole('link', { name: new RegExp(`New proposal: ${title}`) });
  await expect(notice).toContainText('Porto, Portugal');
  await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeEnabled();
  expectNone(await scan(client, 'the notifications panel'));
  for (const width of [1280, 360]) {
    await client.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await client.screenshot({ path: test.info().outputPath(`bell-panel-${width}.png`), animations: 'disabled' });
  }
  await client.setViewportSize({ width: 1280, height: 800 });

  await notice.click();
  await expect(client).toHaveURL(new RegExp(`/travel-planner\\?tab=proposals&proposal=${id}$`));
  await expect(client.getByRole('region', { name: title })).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(client.getByTestId('unread-count')).toHaveCount(0);

  // The client's first look tells the agent; Mark all read clears the agent's bell.
  await agent.goto('/');
  const agentBell = agent.getByRole('button', { name: /^Notifications/ });
  await expect(agentBell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  await agentBell.click();
  const agentPanel = agent.getByRole('region', { name: 'Notifications' });
  await expect(agentPanel.getByRole('link', { name: new RegExp(`${name} opened ${title}`) })).toBeVisible();
  await agentPanel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(agentBell).toHaveAccessibleName('Notifications');
  await expect(agentPanel.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
});
