import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import type { RouterInputs } from '~/lib/api-types';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcError, trpcFieldError, trpcMutation, trpcMutationError, trpcPending, trpcQuery } from '~/test/trpc-handlers';
import { AddMemberForm } from './add-member-dialog';
import { CreateGroupDialog } from './create-group-dialog';
import { ManageGroupDialog } from './manage-group-dialog';
import { avatarOverflow, presetOf, type Group, type Member } from './family-labels';
import { EventsPanel } from './events-panel';
import { GroupsPanel } from './groups-panel';
import { MemberAvatars } from './member-avatars';
import { SharedTripsPanel } from './shared-trips-panel';

configure({ asyncUtilTimeout: 5000 });

const member = (i: number, name = `Person ${i}`): Member => ({
  id: `m${i}`,
  name,
  email: null,
  phone: null,
  relationship: 'other',
  permissions: ['view'],
  imageUrl: null,
  registered: false,
});

const group = (overrides: Partial<Group> = {}): Group => ({
  id: 'g1',
  name: 'Morgan Family',
  description: 'Holidays with the whole family.',
  type: 'family',
  access: 'owner',
  ownerName: 'Alex Morgan',
  members: [member(1, 'Jamie Morgan'), member(2, 'Riley Morgan')],
  trips: [],
  ...overrides,
});

describe('permission presets and avatars', () => {
  it('reads the strongest permission of a list as its preset', () => {
    expect(presetOf(['view'])).toBe('view');
    expect(presetOf(['view', 'edit'])).toBe('edit');
    expect(presetOf(['view', 'edit', 'admin'])).toBe('admin');
  });

  it('shows at most five avatars with initials, then +N', () => {
    expect(avatarOverflow([1, 2, 3]).more).toBe(0);
    renderWithApi(<MemberAvatars members={Array.from({ length: 8 }, (_, i) => member(i, `Jamie Morgan${i}`))} />);
    return waitFor(() => {
      const list = screen.getByRole('list', { name: '8 members' });
      expect(within(list).getAllByRole('listitem')).toHaveLength(5);
      expect(screen.getByText('+3')).toBeInTheDocument();
      expect(within(list).getAllByText('JM')).toHaveLength(5);
    });
  });
});

describe('groups panel', { timeout: 20_000 }, () => {
  const renderPanel = () =>
    renderWithApi(
      <ToastProvider>
        <GroupsPanel />
      </ToastProvider>,
    );

  it('says it is loading family groups', async () => {
    server.use(trpcPending('family.groups'));
    renderPanel();
    expect(await screen.findByText('Loading family groups...')).toBeInTheDocument();
  });

  it('shows the spec’s failure message with a retry when loading fails', async () => {
    server.use(trpcError('family.groups', 'INTERNAL_SERVER_ERROR'));
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch family groups');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('splits my groups from the ones shared with me, with both empty states', async () => {
    server.use(trpcQuery('family.groups', []));
    renderPanel();
    expect(await screen.findByRole('button', { name: 'Create Family Group' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Shared with Me (0)' }));
    expect(await screen.findByText('No shared groups yet')).toBeInTheDocument();
  });

  it('offers Add Member and Manage on my groups only, and names my permission on a shared one', async () => {
    server.use(trpcQuery('family.groups', [group(), group({ id: 'g2', name: 'Rivera Crew', access: 'view', ownerName: 'Sam Rivera' })]));
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Morgan Family' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Member to Morgan Family' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage Morgan Family' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Rivera Crew' })).toBeNull();

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Shared with Me (1)' }));
    expect(await screen.findByRole('heading', { name: 'Rivera Crew' })).toBeInTheDocument();
    expect(screen.getByText('View Only')).toBeInTheDocument();
    expect(screen.getByText('Shared by Sam Rivera')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage Rivera Crew' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Leave Morgan Family' })).toBeNull();
  });

  it('opens on Shared with Me for someone who only belongs to others’ groups', async () => {
    server.use(trpcQuery('family.groups', [group({ id: 'g2', name: 'Rivera Crew', access: 'edit', ownerName: 'Sam Rivera' })]));
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Rivera Crew' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Shared with Me (1)' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'My Groups (0)' }));
    expect(await screen.findByText('No family groups yet')).toBeInTheDocument();
    expect(screen.getByText(/You belong to a group someone else made: see Shared with Me/)).toBeInTheDocument();
  });

  it('lets a member leave a shared group only after confirming', async () => {
    const left: RouterInputs['family']['leaveGroup'][] = [];
    server.use(
      trpcQuery('family.groups', [group({ id: 'g2', name: 'Rivera Crew', access: 'edit', ownerName: 'Sam Rivera' })]),
      trpcMutation('family.leaveGroup', (input) => {
        left.push(input);
        return { id: 'g2', left: true };
      }),
    );
    renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Shared with Me (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Leave Rivera Crew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave group?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(left).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Leave Rivera Crew' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave group?' })).getByRole('button', { name: 'Leave Group' }));
    await waitFor(() => expect(left).toEqual([{ id: 'g2' }]));
    expect(await screen.findByText('You left the group')).toBeInTheDocument();
  });
});

describe('Add a New Member form', { timeout: 20_000 }, () => {
  function renderForm() {
    const sent: RouterInputs['family']['addMember'][] = [];
    let done = 0;
    server.use(
      trpcMutation('family.addMember', (input) => {
        sent.push(input);
        return group();
      }),
    );
    renderWithApi(
      <ToastProvider>
        <AddMemberForm groupId="g1" onDone={() => (done += 1)} />
      </ToastProvider>,
    );
    return { sent, done: () => done };
  }

  it('requires a name, checks the e-mail and sends nothing until both are right', async () => {
    const { sent } = renderForm();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Member' }));
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Name'), 'Sam Rivera');
    await user.type(screen.getByLabelText(/Email/), 'sam-at-example');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends View Only by default and the chosen preset’s permission list, then says Member added', async () => {
    const { sent, done } = renderForm();
    const user = userEvent.setup();
    expect(await screen.findByRole('radio', { name: /^View Only/ })).toBeChecked();
    await user.type(screen.getByLabelText('Name'), 'Sam Rivera');
    await user.type(screen.getByLabelText(/Email/), 'traveller2@naav.example');
    await user.selectOptions(screen.getByLabelText('Relationship'), 'friend');
    await user.click(screen.getByRole('radio', { name: /^View & Edit/ }));
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    await waitFor(() => expect(done()).toBe(1));
    expect(sent).toEqual([{ id: 'g1', name: 'Sam Rivera', email: 'traveller2@naav.example', phone: '', relationship: 'friend', permissions: ['view', 'edit'] }]);
    expect(await screen.findByText('Member added')).toBeInTheDocument();
    expect(screen.getByText('The new member has been added to your family group.')).toBeInTheDocument();
  });

  it('says Error adding member when the server refuses', async () => {
    server.use(
      trpcMutationError('family.addMember', 'NOT_FOUND', 'Group not found'),
    );
    renderWithApi(
      <ToastProvider>
        <AddMemberForm groupId="g1" onDone={() => undefined} />
      </ToastProvider>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Sam');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await screen.findByText('Error adding member')).toBeInTheDocument();
    expect(screen.getByText('There was an error adding the member. Please try again.')).toBeInTheDocument();
  });
});

describe('Create a New Family Group form', { timeout: 20_000 }, () => {
  it('asks for a name on the field and focuses it, then sends the group and says Group created', async () => {
    const sent: RouterInputs['family']['createGroup'][] = [];
    let closed = 0;
    server.use(
      trpcMutation('family.createGroup', (input) => {
        sent.push(input);
        return group();
      }),
    );
    renderWithApi(
      <ToastProvider>
        <CreateGroupDialog open onClose={() => (closed += 1)} />
      </ToastProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create Group' }));
    expect(await screen.findByText('Enter a name for the group')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Group Name')).toHaveFocus());
    expect(sent).toEqual([]);
    await user.type(screen.getByLabelText('Group Name'), 'Morgan Family');
    await user.selectOptions(screen.getByLabelText('Group Type'), 'friends');
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    expect(await screen.findByText('Group created')).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Morgan Family', description: '', type: 'friends' }]);
    expect(closed).toBe(1);
  });

  it('puts the reason the server names on its field, with the spec’s error toast', async () => {
    server.use(trpcFieldError('family.createGroup', 'name', 'Too long'));
    renderWithApi(
      <ToastProvider>
        <CreateGroupDialog open onClose={() => {}} />
      </ToastProvider>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Group Name'), 'Morgan Family');
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    expect(await screen.findByText('Error creating group')).toBeInTheDocument();
    expect(screen.getByText('Too long')).toBeInTheDocument();
    expect(screen.getByLabelText('Group Name')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Manage group form', { timeout: 20_000 }, () => {
  it('asks for a name before saving, then sends the new details and says Group updated', async () => {
    const sent: RouterInputs['family']['updateGroup'][] = [];
    server.use(
      trpcQuery('trips.list', []),
      trpcMutation('family.updateGroup', (input) => {
        sent.push(input);
        return group();
      }),
    );
    renderWithApi(
      <ToastProvider>
        <ManageGroupDialog group={group()} onClose={() => {}} />
      </ToastProvider>,
    );
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Group Name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Enter a name for the group')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
    await user.type(name, 'Morgans');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Group updated')).toBeInTheDocument();
    expect(sent).toEqual([{ id: 'g1', name: 'Morgans', description: 'Holidays with the whole family.', type: 'family' }]);
  });
});

describe('events tab', { timeout: 20_000 }, () => {
  it('lists occasions and trip starts in the order the server gives (soonest first), or says there are none', async () => {
    server.use(
      trpcQuery('family.events', [
        { id: 'trip:t1', kind: 'trip', title: 'Kyoto in Autumn', date: '2026-12-24', personName: 'Alex Morgan', occasionType: null, destination: 'Japan' },
        { id: 'occasion:o1', kind: 'occasion', title: 'Wedding anniversary', date: '2027-02-02', personName: 'Alex Morgan', occasionType: 'anniversary', destination: null },
      ]),
    );
    const { unmount } = renderWithApi(<EventsPanel />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining("Alex Morgan's trip to Japan starts"),
      expect.stringContaining('Alex Morgan · Anniversary'),
    ]);
    unmount();
    server.use(trpcQuery('family.events', []));
    renderWithApi(<EventsPanel />);
    expect(await screen.findByText('No upcoming events')).toBeInTheDocument();
  });

  it('says No shared trips yet when nothing is shared', async () => {
    server.use(trpcQuery('family.sharedTrips', []));
    renderWithApi(<SharedTripsPanel />);
    expect(await screen.findByText('No shared trips yet')).toBeInTheDocument();
  });
});
