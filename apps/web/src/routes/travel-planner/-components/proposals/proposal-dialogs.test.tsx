import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import { localToday } from '~/components/availability/availability-labels';
import type { RouterInputs } from '~/lib/api-types';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import {
  trpcFieldError,
  trpcMutation,
  trpcQuery,
  type InputOf,
  type MutationPath,
  type OutputOf,
} from '~/test/trpc-handlers';
import { AddItemForm } from './add-item-dialog';
import { CreateProposalDialog } from './create-proposal-dialog';
import { EditProposalDialog } from './edit-proposal-dialog';
import { FeedbackForm } from './feedback-panel';
import { ItineraryPanel } from './itinerary-panel';
import { ProposalDetail } from './proposal-detail';
import { defaultExpiryFor, defaultProposalDates, type Proposal, type ProposalItem } from './proposal-model';
import { addDaysIso } from '@naav/schemas/dates';

configure({ asyncUtilTimeout: 5000 });

function record<P extends MutationPath>(path: P, sent: InputOf<P>[], answer: (input: InputOf<P>) => OutputOf<P>) {
  return trpcMutation(path, (input) => {
    sent.push(input);
    return answer(input);
  });
}

const stamp = { createdAt: '2026-11-22T10:00:00.000Z', updatedAt: '2026-11-22T10:00:00.000Z' };
const proposal: Proposal = {
  id: 'p1',
  userId: 'u1',
  clientName: 'Alex Morgan',
  clientEmail: 'alex@example.com',
  agentId: 'a1',
  agentName: 'Jordan Lee',
  title: 'Kyoto in Spring',
  description: null,
  destination: 'Kyoto, Japan',
  startDate: '2027-04-01',
  endDate: '2027-04-03',
  expiryDate: '2027-03-01',
  budget: 6800,
  imageUrl: null,
  details: { highlights: [], inclusions: [], exclusions: [] },
  availabilityId: null,
  occasionId: null,
  tripRequestId: null,
  status: 'draft',
  expired: false,
  revisionsRequested: false,
  version: 0,
  submittedAt: null,
  viewedAt: null,
  decidedAt: null,
  tripId: null,
  feedbackCount: 0,
  pendingFeedbackCount: 0,
  ...stamp,
};
const item = (over: Partial<ProposalItem>): ProposalItem => ({
  id: 'i',
  proposalId: 'p1',
  day: 1,
  title: 'Item',
  description: null,
  type: 'activity',
  startTime: '09:00',
  endTime: '12:00',
  location: null,
  cost: 0,
  included: true,
  notes: null,
  createdAt: stamp.createdAt,
  ...over,
});
const wrap = (ui: React.ReactNode) => renderWithApi(<ToastProvider>{ui}</ToastProvider>);

describe('Create New Proposal', { timeout: 20_000 }, () => {
  it('starts today … today + 7 expiring at today + 14; a window prefills the dates, an occasion the title; missing dates alert and send nothing', async () => {
    server.use(
      trpcQuery('clients.list', [{ id: 'u1', name: 'Alex Morgan', email: 'alex@example.com', agent: null }]),
      trpcQuery('clients.availability', [
        {
          id: 'w1',
          userId: 'u1',
          clientId: 'u1',
          clientName: 'Alex Morgan',
          startDate: '2099-05-01',
          endDate: '2099-05-08',
          isFlexible: false,
          flexibilityDays: 3,
          preferredDuration: 7,
          priority: 3,
          status: 'active',
          notes: null,
          ...stamp,
        },
      ]),
      trpcQuery('clients.occasions', [
        {
          id: 'o1',
          userId: 'u1',
          clientId: 'u1',
          clientName: 'Alex Morgan',
          title: 'Anniversary',
          description: null,
          date: '2099-05-04',
          nextDate: '2099-05-04',
          occasionType: 'anniversary',
          isRecurring: false,
          participants: [],
          importance: 5,
          celebrated: false,
          ...stamp,
        },
      ]),
      trpcQuery('tripRequests.ofClients', []),
    );
    const sent: RouterInputs['proposals']['create'][] = [];
    server.use(record('proposals.create', sent, (input) => ({ ...proposal, ...input, id: 'p2' })));
    const onClose = vi.fn();
    const onCreated = vi.fn();
    wrap(<CreateProposalDialog open onClose={onClose} onCreated={onCreated} />);
    const user = userEvent.setup();
    const defaults = defaultProposalDates(localToday());
    expect(await screen.findByLabelText('Start Date')).toHaveValue(defaults.startDate);
    expect(screen.getByLabelText('End Date')).toHaveValue(defaults.endDate);
    expect(screen.getByLabelText('Expiry Date')).toHaveValue(defaults.expiryDate);

    await user.selectOptions(
      await screen.findByLabelText('Client'),
      await screen.findByRole('option', { name: 'Alex Morgan (alex@example.com)' }),
    );
    await user.selectOptions(
      await screen.findByLabelText(/Availability window/),
      await screen.findByRole('option', { name: 'May 1 – May 8, 2099' }),
    );
    expect(screen.getByLabelText('Start Date')).toHaveValue('2099-05-01');
    expect(screen.getByLabelText('End Date')).toHaveValue('2099-05-08');
    // The expiry follows the start: a week from today, well before May 2099.
    expect(screen.getByLabelText('Expiry Date')).toHaveValue(defaultExpiryFor(localToday(), '2099-05-01'));
    expect(screen.getByLabelText('Expiry Date')).toHaveValue(addDaysIso(localToday(), 7));
    await user.selectOptions(
      screen.getByLabelText(/Special occasion/),
      await screen.findByRole('option', { name: /Anniversary/ }),
    );
    expect(screen.getByLabelText('Title')).toHaveValue('Anniversary Trip');
    await user.type(screen.getByLabelText('Destination'), 'Kyoto');
    await user.type(screen.getByLabelText('Budget (USD)'), '6,800');

    await user.clear(screen.getByLabelText('Expiry Date'));
    await user.click(screen.getByRole('button', { name: 'Create Proposal' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select all required dates');
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Expiry Date'), '2099-04-20');
    await user.click(screen.getByRole('button', { name: 'Create Proposal' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      expect.objectContaining({
        clientId: 'u1',
        title: 'Anniversary Trip',
        destination: 'Kyoto',
        startDate: '2099-05-01',
        endDate: '2099-05-08',
        expiryDate: '2099-04-20',
        budget: 6800,
        availabilityId: 'w1',
        occasionId: 'o1',
        tripRequestId: null,
      }),
    ]);
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 'p2' }));
  });

  it('a trip request prefills destination, dates, budget and notes', async () => {
    server.use(
      trpcQuery('clients.list', [{ id: 'u1', name: 'Alex Morgan', email: 'alex@example.com', agent: null }]),
      trpcQuery('clients.availability', []),
      trpcQuery('clients.occasions', []),
      trpcQuery('tripRequests.ofClients', [
        {
          id: 'r1',
          clientId: 'u1',
          clientName: 'Alex Morgan',
          destination: 'Bali',
          startDate: '2099-07-01',
          endDate: '2099-07-10',
          budget: 9000,
          travelStyle: 'luxury',
          activities: [],
          customExperiences: [],
          notes: 'Quiet beaches',
          adults: 2,
          children: 0,
          rooms: 1,
          timeZone: null,
          status: 'requested',
          proposalId: null,
          createdAt: stamp.createdAt,
        },
      ]),
    );
    wrap(<CreateProposalDialog open onClose={vi.fn()} onCreated={vi.fn()} />);
    const user = userEvent.setup();
    await user.selectOptions(
      await screen.findByLabelText('Client'),
      await screen.findByRole('option', { name: /Alex Morgan/ }),
    );
    await user.selectOptions(
      await screen.findByLabelText(/Trip request/),
      await screen.findByRole('option', { name: /Bali/ }),
    );
    expect(screen.getByLabelText('Destination')).toHaveValue('Bali');
    expect(screen.getByLabelText('Start Date')).toHaveValue('2099-07-01');
    expect(screen.getByLabelText('End Date')).toHaveValue('2099-07-10');
    expect(screen.getByLabelText('Budget (USD)')).toHaveValue('9000');
    expect(screen.getByLabelText(/Description/)).toHaveValue('Quiet beaches');
  });
});

describe('Create New Proposal from a trip request', { timeout: 20_000 }, () => {
  it('opens with the request’s client, destination, dates, budget and notes, and links the request', async () => {
    const request = {
      id: 'r1',
      clientId: 'u1',
      clientName: 'Alex Morgan',
      destination: 'Bali',
      startDate: '2099-07-01',
      endDate: '2099-07-10',
      budget: 9000,
      travelStyle: 'luxury' as const,
      activities: [],
      customExperiences: [],
      notes: 'Quiet beaches',
      adults: 2,
      children: 0,
      rooms: 1,
      timeZone: 'Asia/Makassar',
      status: 'requested' as const,
      proposalId: null,
      createdAt: stamp.createdAt,
    };
    server.use(
      trpcQuery('clients.list', [{ id: 'u1', name: 'Alex Morgan', email: 'alex@example.com', agent: null }]),
      trpcQuery('clients.availability', []),
      trpcQuery('clients.occasions', []),
      trpcQuery('tripRequests.ofClients', [request]),
    );
    const sent: RouterInputs['proposals']['create'][] = [];
    server.use(record('proposals.create', sent, (input) => ({ ...proposal, ...input, id: 'p3' })));
    const onClose = vi.fn();
    wrap(<CreateProposalDialog open onClose={onClose} onCreated={vi.fn()} fromRequest={request} />);
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Destination')).toHaveValue('Bali');
    await user.type(screen.getByLabelText('Title'), 'Bali retreat');
    await user.click(screen.getByRole('button', { name: 'Create Proposal' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      expect.objectContaining({
        clientId: 'u1',
        tripRequestId: 'r1',
        destination: 'Bali',
        startDate: '2099-07-01',
        endDate: '2099-07-10',
        budget: 9000,
        description: 'Quiet beaches',
      }),
    ]);
  });
});

describe('Add Itinerary Item', { timeout: 20_000 }, () => {
  it('defaults to an included activity from 09:00 to 12:00; without a day it alerts and sends nothing', async () => {
    const sent: RouterInputs['proposals']['addItem'][] = [];
    server.use(record('proposals.addItem', sent, (input) => item({ ...input, id: 'i9' })));
    const onDone = vi.fn();
    wrap(<AddItemForm proposal={proposal} initialDay={null} onDone={onDone} />);
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Type')).toHaveValue('activity');
    expect(screen.getByLabelText('Start Time')).toHaveValue('09:00');
    expect(screen.getByLabelText('End Time')).toHaveValue('12:00');
    expect(screen.getByRole('checkbox', { name: 'Included in the price' })).toBeChecked();
    await user.type(screen.getByLabelText('Title'), 'Tea ceremony');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Missing proposal ID or day number');
    expect(sent).toEqual([]);

    await user.selectOptions(screen.getByLabelText('Day'), 'Day 3 · Apr 3, 2027');
    await user.type(screen.getByLabelText('Cost (USD)'), '150');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        id: 'p1',
        day: 3,
        title: 'Tea ceremony',
        type: 'activity',
        startTime: '09:00',
        endTime: '12:00',
        location: null,
        cost: 150,
        included: true,
        description: null,
        notes: null,
      },
    ]);
  });
});

describe('Add Itinerary Item, before sending', { timeout: 20_000 }, () => {
  it('asks for a title and says on the field that the end time cannot be before the start', async () => {
    const sent: RouterInputs['proposals']['addItem'][] = [];
    server.use(record('proposals.addItem', sent, (input) => item({ ...input, id: 'i9' })));
    wrap(<AddItemForm proposal={proposal} initialDay={2} onDone={vi.fn()} />);
    const user = userEvent.setup();
    const end = await screen.findByLabelText('End Time');
    await user.clear(end);
    await user.type(end, '08:00');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Enter a title'));
    expect(screen.getByLabelText('End Time')).toHaveAccessibleDescription(
      'The end time cannot be before the start time',
    );
    expect(sent).toEqual([]);
  });
});

describe('Edit Proposal Details', { timeout: 20_000 }, () => {
  it('starts from the draft, alerts on a missing date, and sends the changed details', async () => {
    const sent: RouterInputs['proposals']['update'][] = [];
    server.use(record('proposals.update', sent, (input) => ({ ...proposal, ...input })));
    const onClose = vi.fn();
    wrap(
      <EditProposalDialog
        proposal={{ ...proposal, details: { highlights: ['Tea'], inclusions: [], exclusions: [] } }}
        open
        onClose={onClose}
      />,
    );
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Title')).toHaveValue('Kyoto in Spring');
    expect(screen.getByLabelText(/Highlights/)).toHaveValue('Tea');
    await user.clear(screen.getByLabelText('End Date'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select all required dates');
    expect(sent).toEqual([]);
    await user.type(screen.getByLabelText('End Date'), '2027-04-02');
    await user.clear(screen.getByLabelText('Budget (USD)'));
    await user.type(screen.getByLabelText('Budget (USD)'), '7,250');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      expect.objectContaining({ id: 'p1', endDate: '2027-04-02', budget: 7250, highlights: ['Tea'], description: '' }),
    ]);
  });
});

describe('Edit Proposal Details, before sending', { timeout: 20_000 }, () => {
  it('says on the fields what the server would refuse: a blank title, an image not of the app', async () => {
    const sent: RouterInputs['proposals']['update'][] = [];
    server.use(record('proposals.update', sent, (input) => ({ ...proposal, ...input })));
    wrap(<EditProposalDialog proposal={proposal} open onClose={() => {}} />);
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Title'));
    await user.type(screen.getByLabelText(/Image URL/), 'https://example.com/kyoto.jpg');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Enter a title'));
    expect(screen.getByLabelText(/Image URL/)).toHaveAccessibleDescription(
      "Use one of the app's pictures (/images/…) or an uploaded photo (/api/photos/{id}/file)",
    );
    expect(sent).toEqual([]);
  });
});

describe('the expiry date', { timeout: 20_000 }, () => {
  it('Create New Proposal says on the field that an expiry date before today cannot be, and sends nothing', async () => {
    server.use(
      trpcQuery('clients.list', [{ id: 'u1', name: 'Alex Morgan', email: 'alex@example.com', agent: null }]),
      trpcQuery('clients.availability', []),
      trpcQuery('clients.occasions', []),
      trpcQuery('tripRequests.ofClients', []),
    );
    const sent: RouterInputs['proposals']['create'][] = [];
    server.use(record('proposals.create', sent, (input) => ({ ...proposal, ...input, id: 'p4' })));
    wrap(<CreateProposalDialog open onClose={vi.fn()} onCreated={vi.fn()} />);
    const user = userEvent.setup();
    await user.selectOptions(
      await screen.findByLabelText('Client'),
      await screen.findByRole('option', { name: /Alex Morgan/ }),
    );
    await user.type(screen.getByLabelText('Title'), 'Late offer');
    await user.type(screen.getByLabelText('Destination'), 'Porto');
    await user.clear(screen.getByLabelText('Expiry Date'));
    await user.type(screen.getByLabelText('Expiry Date'), '2020-01-31');
    await user.click(screen.getByRole('button', { name: 'Create Proposal' }));
    expect(screen.getByLabelText('Expiry Date')).toHaveAccessibleDescription('The expiry date cannot be before today');
    expect(sent).toEqual([]);
  });

  it("Edit Proposal Details shows the server's refusal of the expiry date on the field", async () => {
    server.use(trpcFieldError('proposals.update', 'expiryDate', 'The expiry date cannot be before today'));
    wrap(<EditProposalDialog proposal={proposal} open onClose={vi.fn()} />);
    const user = userEvent.setup();
    const expiry = await screen.findByLabelText('Expiry Date');
    await user.clear(expiry);
    // Today where the browser is, already yesterday on the server's clock.
    await user.type(expiry, localToday());
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Expiry Date')).toHaveAccessibleDescription(
        'The expiry date cannot be before today',
      ),
    );
    expect(screen.getByLabelText('Expiry Date')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Edit Itinerary Item', { timeout: 20_000 }, () => {
  it('opens with the item and sends the change for that item', async () => {
    const sent: RouterInputs['proposals']['updateItem'][] = [];
    server.use(record('proposals.updateItem', sent, (input) => item({ ...input })));
    const onDone = vi.fn();
    const existing = item({
      id: 'i1',
      day: 2,
      title: 'Tram 28',
      type: 'transportation',
      startTime: '10:00',
      endTime: '11:00',
      cost: 40,
      included: false,
      location: 'Baixa',
    });
    wrap(<AddItemForm proposal={proposal} initialDay={2} item={existing} onDone={onDone} />);
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Title')).toHaveValue('Tram 28');
    expect(screen.getByLabelText('Type')).toHaveValue('transportation');
    expect(screen.getByLabelText('Start Time')).toHaveValue('10:00');
    expect(screen.getByRole('checkbox', { name: 'Included in the price' })).not.toBeChecked();
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Sunset sail');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        id: 'i1',
        day: 2,
        title: 'Sunset sail',
        type: 'transportation',
        startTime: '10:00',
        endTime: '11:00',
        location: 'Baixa',
        cost: 40,
        included: false,
        description: null,
        notes: null,
      },
    ]);
  });
});

describe('Itinerary', { timeout: 20_000 }, () => {
  it('shows every day, items by start time, empty days and the total of included items', async () => {
    server.use(
      trpcQuery('proposals.items', [
        item({ id: 'b', day: 1, title: 'Dinner', startTime: '19:00', endTime: '21:00', cost: 1340 }),
        item({ id: 'a', day: 1, title: 'Temple walk', startTime: '08:30', cost: 220 }),
        item({ id: 'c', day: 3, title: 'Spa', cost: 500, included: false }),
      ]),
    );
    wrap(<ItineraryPanel proposal={proposal} editable={false} />);
    expect(await screen.findByText('Total cost: $1,560')).toBeInTheDocument();
    expect(screen.getByText('· 3 days / 2 nights')).toBeInTheDocument();
    const day1 = screen.getByRole('list', { name: 'Day 1' });
    expect(
      within(day1)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Temple walk'), expect.stringContaining('Dinner')]);
    expect(screen.getByText('No activities planned for this day.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    const user = userEvent.setup();
    const day3 = screen.getByRole('button', { name: /Day 3/ });
    expect(day3).toHaveAttribute('aria-expanded', 'true');
    await user.click(day3);
    expect(day3).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Spa')).not.toBeVisible();
  });

  it('says so when there are no items, and asks before deleting one from a draft', async () => {
    server.use(trpcQuery('proposals.items', []));
    const { unmount } = wrap(<ItineraryPanel proposal={proposal} editable />);
    expect(await screen.findByText('No itinerary items')).toBeInTheDocument();
    unmount();
    server.use(trpcQuery('proposals.items', [item({ id: 'x', title: 'Boat day' })]));
    const deleted: { id: string }[] = [];
    server.use(record('proposals.deleteItem', deleted, (input: { id: string }) => ({ id: input.id, deleted: true })));
    wrap(<ItineraryPanel proposal={proposal} editable />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Boat day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    expect(deleted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete Item' }));
    await waitFor(() => expect(deleted).toEqual([{ id: 'x' }]));
  });
});

describe('Feedback form', { timeout: 20_000 }, () => {
  it('ignores a whitespace-only comment and sends rating 5 by default with the chosen item', async () => {
    server.use(trpcQuery('proposals.items', [item({ id: 'a', title: 'Temple walk' })]));
    const sent: RouterInputs['proposals']['addFeedback'][] = [];
    server.use(
      record('proposals.addFeedback', sent, (input) => ({
        id: 'f1',
        proposalId: 'p1',
        userId: 'u1',
        authorName: 'Alex',
        comment: input.comment,
        rating: 5,
        itemReference: null,
        version: 1,
        requestedRevisions: false,
        status: 'pending',
        addressedAt: null,
        createdAt: stamp.createdAt,
      })),
    );
    wrap(<FeedbackForm proposal={{ ...proposal, status: 'reviewing', version: 1 }} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Your feedback'), '   ');
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(sent).toEqual([]);
    expect(screen.getByLabelText('Rating')).toHaveValue('5');
    await user.type(screen.getByLabelText('Your feedback'), 'Less walking please');
    await user.selectOptions(
      screen.getByLabelText(/About an item/),
      await screen.findByRole('option', { name: 'Day 1: Temple walk' }),
    );
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    await waitFor(() =>
      expect(sent).toEqual([{ id: 'p1', comment: 'Less walking please', rating: 5, itemReference: 'Temple walk' }]),
    );
  });
});

describe('Proposal detail', { timeout: 20_000 }, () => {
  const detailSections = () =>
    server.use(
      trpcQuery('proposals.items', [item({ id: 'a', title: 'Temple walk' })]),
      trpcQuery('clients.availability', []),
    );

  it('shows the client a proposal they sent back as waiting for the new version, with their request and nothing to decide', async () => {
    detailSections();
    server.use(
      trpcQuery('proposals.feedback', [
        {
          id: 'f1',
          proposalId: 'p1',
          userId: 'u1',
          authorName: 'Alex Morgan',
          comment: 'Fewer temples, more gardens',
          rating: 4,
          itemReference: null,
          version: 1,
          requestedRevisions: true,
          status: 'pending',
          addressedAt: null,
          createdAt: stamp.createdAt,
        },
      ]),
    );
    wrap(
      <ProposalDetail
        proposal={{ ...proposal, status: 'draft', version: 1, revisionsRequested: true, feedbackCount: 1 }}
        role="client"
        canDecide
      />,
    );
    expect(await screen.findByText('Fewer temples, more gardens')).toBeInTheDocument();
    expect(screen.getByText('Revisions requested — waiting for a new version')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Jordan Lee is preparing version 2 with your changes. Until it arrives there is nothing to decide.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Draft')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept Proposal' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request Revisions' })).toBeNull();
  });

  it("links the client's approved proposal to the trip it became", async () => {
    detailSections();
    server.use(trpcQuery('proposals.feedback', []));
    wrap(
      <ProposalDetail
        proposal={{ ...proposal, status: 'approved', version: 1, tripId: 'trip-9' }}
        role="client"
        canDecide
      />,
    );
    expect(await screen.findByRole('link', { name: 'View Your Trip' })).toHaveAttribute('href', '/trips/trip-9');
  });

  it('asks the client what should change before sending revisions, then sends the comment and rating', async () => {
    detailSections();
    server.use(trpcQuery('proposals.feedback', []));
    const sent: RouterInputs['proposals']['requestRevisions'][] = [];
    server.use(
      record('proposals.requestRevisions', sent, () => ({ ...proposal, status: 'draft', revisionsRequested: true })),
    );
    wrap(<ProposalDetail proposal={{ ...proposal, status: 'submitted', version: 1 }} role="client" canDecide />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Request Revisions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Revisions' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('What should change?')).toHaveAccessibleDescription(
        'Tell your consultant what to change',
      ),
    );
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByLabelText('What should change?'), 'More gardens');
    // No rating is chosen for the client.
    expect(within(dialog).getByLabelText(/Rating/)).toHaveValue('');
    expect(within(dialog).getByRole('option', { name: 'No rating', selected: true })).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(/Rating/), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText('Revisions requested')).toBeInTheDocument();
    expect(sent).toEqual([{ id: 'p1', comment: 'More gardens', rating: 3 }]);
  });

  it('sends revisions without a rating when the client gives none', async () => {
    detailSections();
    server.use(trpcQuery('proposals.feedback', []));
    const sent: RouterInputs['proposals']['requestRevisions'][] = [];
    server.use(
      record('proposals.requestRevisions', sent, () => ({ ...proposal, status: 'draft', revisionsRequested: true })),
    );
    wrap(<ProposalDetail proposal={{ ...proposal, status: 'submitted', version: 1 }} role="client" canDecide />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Request Revisions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Revisions' });
    await user.type(within(dialog).getByLabelText('What should change?'), 'A slower pace');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText('Revisions requested')).toBeInTheDocument();
    expect(sent).toEqual([{ id: 'p1', comment: 'A slower pace', rating: null }]);
  });

  it('will not submit a draft whose expiry date has passed, and says how to fix it', async () => {
    detailSections();
    server.use(trpcQuery('proposals.feedback', []));
    const sent: { id: string }[] = [];
    server.use(record('proposals.submit', sent, () => proposal));
    wrap(<ProposalDetail proposal={{ ...proposal, expiryDate: '2020-01-31' }} role="agent" canDecide={false} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Submit to Client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit Proposal to Client' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Its expiry date, Jan 31, 2020, has passed: choose a new one with Edit Details first.',
    );
    expect(within(dialog).getByRole('button', { name: 'Submit Proposal' })).toBeDisabled();
    expect(sent).toEqual([]);
  });
});
