import { act, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import type { RouterOutputs, Trip, TripEvent } from '~/lib/api-types';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import {
  trpcError,
  trpcMutation,
  trpcMutationError,
  trpcPending,
  trpcQuery,
  trpcQueryFrom,
} from '~/test/trpc-handlers';
import { TripDetailPage } from './trip-detail-page';
import type { TripTab } from './trip-tabs';
import { anEvent } from '~/test/fixtures';

type Photo = RouterOutputs['photos']['list'][number];

const trip: Trip = {
  id: 'trip-1',
  title: 'Lisbon & the Algarve',
  destination: 'Portugal',
  location: 'Lisbon, Portugal',
  startDate: '2025-06-13',
  endDate: '2025-06-19',
  status: 'current',
  timeZone: 'Europe/Lisbon',
  imageUrl: null,
  description: 'Tiled streets and custard tarts.',
  accommodation: 'Memmo Alfama Hotel',
  transportation: null,
  notes: null,
  hotelPhone: null,
  conciergePhone: null,
  baseCurrency: 'EUR',
  budgetTotal: 450_000,
  access: 'owner',
  sharedBy: null,
};

const event = (id: string, date: string, startTime: string | null, extra: Partial<TripEvent> = {}): TripEvent =>
  anEvent({ id, title: id, date, startTime, ...extra });

const photo = (n: number): Photo => ({
  id: `photo-${n}`,
  tripId: 'trip-1',
  fileName: `tram-${n}.png`,
  contentType: 'image/png',
  sizeBytes: 68,
  createdAt: '2025-06-15T12:00:00.000Z',
  url: `/api/photos/photo-${n}/file`,
  thumbnailUrl: `/api/photos/photo-${n}/thumbnail`,
});

const passport: RouterOutputs['documents']['list'][number] = {
  id: 'doc-1',
  documentType: 'passport',
  documentName: 'Old passport',
  documentNumberLast4: '0006',
  issueDate: '2015-06-14',
  expiryDate: '2025-06-14',
  issuingCountry: 'United Kingdom',
  notes: null,
  expiryStatus: 'expired',
  daysUntilExpiry: -1,
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-01T10:00:00.000Z',
};

/**
 * The trip with its sections answered, its events (a list, or read at each request) in the same
 * answer as the trip (trips.dayPlan, as the page loads them); any handler given later wins.
 */
function withTrip(overrides: Partial<Trip> = {}, events: TripEvent[] | (() => TripEvent[]) = []) {
  server.use(
    trpcQueryFrom('trips.dayPlan', () => ({
      trip: { ...trip, ...overrides },
      events: typeof events === 'function' ? events() : events,
    })),
    trpcQuery('trips.companions', []),
    trpcQuery('trips.activity', { items: [], nextCursor: null, actors: [] }),
    trpcQuery('trips.saved', []),
    trpcQuery('photos.list', []),
    trpcQuery('todos.list', []),
    trpcQuery('packing.list', []),
  );
}

function Page({ initialTab = 'itinerary' }: { initialTab?: TripTab }) {
  const [tab, setTab] = useState<TripTab>(initialTab);
  return (
    <ToastProvider>
      <TripDetailPage tripId="trip-1" tab={tab} onTabChange={setTab} />
    </ToastProvider>
  );
}

const user = () => userEvent.setup({ delay: null });

describe('trip detail', () => {
  it('says it is loading the trip', async () => {
    server.use(trpcPending('trips.dayPlan'));
    renderWithApi(<Page />);
    expect(await screen.findByText('Loading trip details...')).toBeInTheDocument();
  });

  it('shows Trip not found with a link back to My Trips for a trip the API does not give out', async () => {
    server.use(trpcError('trips.dayPlan', 'NOT_FOUND'));
    renderWithApi(<Page />);
    expect(await screen.findByRole('heading', { name: 'Trip not found', level: 1 })).toBeInTheDocument();
    expect(screen.getByText("The trip you're looking for doesn't exist or has been removed.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Trips' })).toHaveAttribute('href', '/my-trips');
  });

  it('offers a retry when the trip fails to load for another reason', async () => {
    server.use(trpcError('trips.dayPlan', 'INTERNAL_SERVER_ERROR'));
    renderWithApi(<Page />);
    expect(await screen.findByText('This trip could not be loaded.')).toBeInTheDocument();
    withTrip();
    await user().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Lisbon & the Algarve', level: 1 })).toBeInTheDocument();
  });

  it('has the header actions, the four tabs, the packing list, the side cards and the chat button', async () => {
    withTrip();
    renderWithApi(<Page />);
    expect(await screen.findByRole('heading', { name: 'Lisbon & the Algarve', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Trips' })).toHaveAttribute('href', '/my-trips');
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    const exportLink = screen.getByRole('link', { name: 'Export' });
    expect(exportLink).toHaveAttribute('href', '/api/trips/trip-1/calendar.ics');
    expect(exportLink).toHaveAttribute('download');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Itinerary',
      'Details',
      'Documents',
      'Photos',
    ]);
    expect(await screen.findByText('Nothing packed yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Trip Companions' })).toBeInTheDocument();
    expect(await screen.findByText('No companions added to this trip.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'To-dos' })).toBeInTheDocument();
    expect(await screen.findByText('Nothing to do yet.')).toBeInTheDocument();
    // The trip has no concierge line of its own: the general one.
    expect(screen.getByRole('link', { name: 'Call Concierge' })).toHaveAttribute('href', 'tel:+18005550199');
    expect(screen.getByRole('link', { name: 'Message Concierge' })).toHaveAttribute('href', '/concierge?tab=chat');
    expect(screen.getByRole('link', { name: 'Chat with your concierge' })).toHaveAttribute(
      'href',
      '/concierge?tab=chat',
    );
  });

  it("calls the trip's own concierge line and lists its companions", async () => {
    withTrip({ conciergePhone: '+351 21 000 0000' });
    server.use(
      trpcQuery('trips.companions', [{ id: 'c1', name: 'Jamie Morgan', relationship: 'Partner', imageUrl: null }]),
    );
    renderWithApi(<Page />);
    expect(await screen.findByRole('link', { name: 'Call Concierge' })).toHaveAttribute('href', 'tel:+351210000000');
    expect(await screen.findByText('Jamie Morgan')).toBeInTheDocument();
    expect(screen.getByText('Partner')).toBeInTheDocument();
  });
});

describe('Itinerary tab', () => {
  it('groups events by day under the weekday and date, by start time, in 12-hour time', async () => {
    withTrip({}, [
      event('Flight TP 202', '2025-06-13', '07:35:00', { type: 'transportation', endTime: '09:10:00' }),
      event('Fado dinner', '2025-06-15', '20:00:00', { type: 'meal', status: 'pending' }),
      event('Breakfast', '2025-06-15', '08:00:00', { type: 'meal' }),
      event('Free afternoon', '2025-06-15', null),
    ]);
    renderWithApi(<Page />);
    const day = await screen.findByRole('region', { name: 'Sunday, June 15, 2025' });
    const rows = within(day).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^8:00 AM.*Breakfast.*Confirmed/),
      expect.stringMatching(/^8:00 PM.*Fado dinner.*Pending/),
      expect.stringMatching(/^--:--.*Free afternoon/),
    ]);
    const first = screen.getByRole('region', { name: 'Friday, June 13, 2025' });
    expect(first).toHaveTextContent('Day 1');
    expect(first).toHaveTextContent('Until 9:10 AM');
  });

  it('comes with the trip in one request, and says so when there are no events', async () => {
    let requests = 0;
    withTrip();
    server.use(
      trpcQueryFrom('trips.dayPlan', () => {
        requests++;
        return { trip, events: [] };
      }),
    );
    renderWithApi(<Page />);
    expect(await screen.findByText('No events scheduled yet.')).toBeInTheDocument();
    expect(requests).toBe(1);
  });
});

describe('Details and Documents tabs', () => {
  it('shows every field, the length as days and nights counted inclusively, and the budget in its currency', async () => {
    withTrip();
    renderWithApi(<Page />);
    await user().click(await screen.findByRole('tab', { name: 'Details' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('7 days / 6 nights')).toBeInTheDocument();
    expect(within(panel).getByText('Jun 13, 2025')).toBeInTheDocument();
    expect(within(panel).getByText('€4,500.00')).toBeInTheDocument();
    expect(within(panel).getByText('Memmo Alfama Hotel')).toBeInTheDocument();
    expect(within(panel).getByText('Europe/Lisbon')).toBeInTheDocument();
  });

  it('says when the passports and visas cover the trip', async () => {
    withTrip();
    server.use(trpcQuery('documents.tripWarnings', []), trpcQuery('documents.list', [passport]));
    renderWithApi(<Page initialTab="documents" />);
    expect(await screen.findByText('No document problems for this trip.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Travel Documents' })).toHaveAttribute('href', '/travel-documents');
  });

  it('with no documents at all, says none are added yet and offers to add one instead of reassuring', async () => {
    withTrip();
    server.use(trpcQuery('documents.tripWarnings', []), trpcQuery('documents.list', []));
    renderWithApi(<Page initialTab="documents" />);
    expect(await screen.findByText('No documents added yet.')).toBeInTheDocument();
    expect(screen.queryByText('No document problems for this trip.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a Document' })).toHaveAttribute('href', '/travel-documents');
  });

  it('warns about a passport that does not cover the trip, naming it and the trip', async () => {
    withTrip();
    const message =
      'Your passport “Old passport” expires on 14 Jun 2025, before your trip “Lisbon & the Algarve” ends on 19 Jun 2025.';
    server.use(
      trpcQuery('documents.tripWarnings', [
        {
          documentId: 'doc-1',
          documentName: 'Old passport',
          documentType: 'passport',
          expiryDate: '2025-06-14',
          tripId: trip.id,
          tripTitle: trip.title,
          tripStartDate: trip.startDate,
          tripEndDate: trip.endDate,
          rule: 'expires_before_trip_ends',
          message,
        },
      ]),
    );
    server.use(trpcQuery('documents.list', [passport]));
    renderWithApi(<Page initialTab="documents" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('Save', () => {
  it('toggles between Save and Saved, pressed when saved', async () => {
    withTrip();
    let saved: { tripId: string }[] = [];
    server.use(
      trpcQueryFrom('trips.saved', () => saved),
      trpcMutation('trips.save', () => {
        saved = [{ tripId: 'trip-1' }];
        return { tripId: 'trip-1', saved: true };
      }),
      trpcMutation('trips.unsave', () => {
        saved = [];
        return { tripId: 'trip-1', saved: false };
      }),
    );
    renderWithApi(<Page />);
    const u = user();
    const button = await screen.findByRole('button', { name: 'Save', pressed: false });
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    await u.click(button);
    expect(await screen.findByRole('button', { name: 'Saved', pressed: true })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Saved' })).not.toHaveAttribute('aria-disabled'));
    await u.click(screen.getByRole('button', { name: 'Saved' }));
    expect(await screen.findByRole('button', { name: 'Save', pressed: false })).toBeInTheDocument();
  });
});

describe('Share', () => {
  it('creates the read-only link, shows it to copy, and revokes it only after confirming', async () => {
    withTrip();
    let sharePath: string | null = null;
    const sharing = () => ({
      sharePath,
      calendarPath: null,
      linkShows: { bookingReferences: false, travellerNames: false, prices: false },
    });
    server.use(
      trpcQueryFrom('trips.sharing', () => sharing()),
      trpcMutation('trips.share', () => {
        sharePath = '/share/abcdefghijklmnopqrstuvwxyz';
        return sharing();
      }),
      trpcMutation('trips.unshare', () => {
        sharePath = null;
        return sharing();
      }),
    );
    renderWithApi(<Page />);
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this trip' });
    await u.click(await within(dialog).findByRole('button', { name: 'Create link' }));
    const link = await within(dialog).findByRole('textbox', { name: 'Share link' });
    expect(link).toHaveValue(`${window.location.origin}/share/abcdefghijklmnopqrstuvwxyz`);
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();

    await u.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    expect(within(dialog).getByText('Revoke this link?')).toBeInTheDocument();
    // Nothing is revoked until confirmed.
    expect(sharePath).not.toBeNull();
    await u.click(within(dialog).getByRole('button', { name: 'Keep link' }));
    expect(within(dialog).getByRole('textbox', { name: 'Share link' })).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    await u.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    expect(await within(dialog).findByRole('button', { name: 'Create link' })).toBeInTheDocument();
    expect(sharePath).toBeNull();
    expect(await screen.findByText('Link revoked')).toBeInTheDocument();
  });
});

describe('Photos tab', () => {
  const png = () =>
    new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'tram-1.png', { type: 'image/png' });

  it('uploads chosen files as multipart and shows their thumbnails', async () => {
    withTrip();
    let photos: Photo[] = [];
    let received = 0;
    let thumbnails: unknown[] = [];
    server.use(
      trpcQueryFrom('photos.list', () => photos),
      http.post('*/api/trips/trip-1/photos', async ({ request }) => {
        // (jsdom's File loses its name on the way into Node's FormData; the browser test checks names.)
        const form = await request.formData();
        received = form.getAll('file').length;
        thumbnails = form.getAll('thumbnail');
        photos = [photo(1)];
        return HttpResponse.json(photos);
      }),
    );
    renderWithApi(<Page initialTab="photos" />);
    expect(await screen.findByText('No photos added yet.')).toBeInTheDocument();
    await user().upload(screen.getByLabelText('Upload photos'), png());
    const image = await screen.findByRole('img', { name: 'tram-1.png' });
    expect(image).toHaveAttribute('src', '/api/photos/photo-1/thumbnail');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(received).toBe(1);
    // The server makes the thumbnails: the upload carries the files only.
    expect(thumbnails).toEqual([]);
    expect(await screen.findByText('Photo added')).toBeInTheDocument();
  });

  it("shows the server's refusal under the control and as an error toast", async () => {
    withTrip();
    server.use(
      http.post('*/api/trips/trip-1/photos', () =>
        HttpResponse.json(
          { message: 'file: Only JPEG, PNG or WebP images (notes.jpg is not one)', code: 'BAD_REQUEST', issues: [] },
          { status: 400 },
        ),
      ),
    );
    renderWithApi(<Page initialTab="photos" />);
    const input = await screen.findByLabelText('Upload photos');
    await user().upload(input, new File(['notes'], 'notes.jpg', { type: 'image/jpeg' }));
    // The toast reaches the page a tick after the message under the control.
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(
        expect.arrayContaining([
          'Only JPEG, PNG or WebP images (notes.jpg is not one)',
          expect.stringContaining('Photo: Only JPEG, PNG or WebP images (notes.jpg is not one)'),
        ]),
      ),
    );
    expect(input).toHaveAccessibleDescription(/Only JPEG, PNG or WebP images/);
  });

  it('refuses a file over 10 MB before uploading it', async () => {
    withTrip();
    renderWithApi(<Page initialTab="photos" />);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'panorama.png', { type: 'image/png' });
    await user().upload(await screen.findByLabelText('Upload photos'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('panorama.png is larger than 10 MB.');
  });

  it('deletes a photo only after confirming', async () => {
    withTrip();
    let photos = [photo(1), photo(2)];
    const deleted: unknown[] = [];
    server.use(
      trpcQueryFrom('photos.list', () => photos),
      trpcMutation('photos.delete', (input) => {
        deleted.push(input);
        photos = [photo(2)];
        return photo(1);
      }),
    );
    renderWithApi(<Page initialTab="photos" />);
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Delete tram-1.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this photo?' });
    expect(dialog).toHaveAccessibleDescription('tram-1.png will be removed from this trip. This cannot be undone.');
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    await u.click(screen.getByRole('button', { name: 'Delete tram-1.png' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete photo' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'tram-1.png' })).not.toBeInTheDocument());
    expect(deleted).toEqual([{ id: 'photo-1' }]);
    expect(screen.getByRole('img', { name: 'tram-2.png' })).toBeInTheDocument();
  });
});

describe('trip detail for a member of a group the trip is shared with', () => {
  const tram = event('Tram 28', '2025-06-14', '10:00:00');
  const events = [tram];

  it('with view permission: no Edit, no Share or Save, and says it is shared for viewing', async () => {
    withTrip({ access: 'view' }, events);
    renderWithApi(<Page />);
    expect(await screen.findByText('Shared with you · View Only')).toBeInTheDocument();
    expect(await screen.findByText('Tram 28')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Tram 28' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit itinerary' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
  });

  it('with view permission: the photos are shown without upload or delete', async () => {
    withTrip({ access: 'view' });
    server.use(trpcQuery('photos.list', [photo(1)]));
    renderWithApi(<Page initialTab="photos" />);
    expect(await screen.findByRole('img', { name: 'tram-1.png' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Upload photos')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Delete tram-1.png' })).toBeNull();
  });

  it('with edit permission: edits an event and shows the server’s refusal if the permission was taken away meanwhile', async () => {
    withTrip({ access: 'edit' }, events);
    const sent: unknown[] = [];
    server.use(
      trpcMutation('events.update', (input) => {
        sent.push(input);
        return { ...tram, title: 'Tram 28 at dawn' };
      }),
    );
    renderWithApi(<Page />);
    const u = user();
    // The trip has ended: its itinerary is corrected behind Edit itinerary.
    await u.click(await screen.findByRole('button', { name: 'Edit itinerary' }));
    await u.click(await screen.findByRole('button', { name: 'Edit Tram 28' }));
    const title = await screen.findByLabelText('Title');
    await u.clear(title);
    await u.type(title, 'Tram 28 at dawn');
    await u.click(screen.getByRole('button', { name: 'Save Event' }));
    expect(await screen.findByText('Event updated')).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ id: 'Tram 28', title: 'Tram 28 at dawn', startTime: '10:00' })]);

    server.use(
      trpcMutationError(
        'events.update',
        'FORBIDDEN',
        'Your permission in this group lets you view this trip, not change it',
      ),
    );
    await u.click(await screen.findByRole('button', { name: 'Edit Tram 28' }));
    await u.click(await screen.findByRole('button', { name: 'Save Event' }));
    expect(await screen.findByText('Could not update the event')).toBeInTheDocument();
    expect(
      screen.getByText('Your permission in this group lets you view this trip, not change it'),
    ).toBeInTheDocument();
  });
});

describe('the itinerary as a planning workspace', () => {
  const upcoming = { startDate: '2027-03-01', endDate: '2027-03-03', status: 'upcoming' } as const;
  const dinner = event('Kaiseki dinner', '2027-03-02', '19:00:00', { type: 'meal' });

  it('lists every day of a trip to come with Add to this day, says so on a free day, and offers Edit and Delete on every event', async () => {
    withTrip(upcoming, [dinner]);
    renderWithApi(<Page />);
    const u = user();
    const days = ['Monday, March 1, 2027', 'Tuesday, March 2, 2027', 'Wednesday, March 3, 2027'];
    for (const name of days) {
      const day = await screen.findByRole('region', { name });
      expect(within(day).getByRole('button', { name: 'Add to this day' })).toHaveAccessibleDescription(name);
    }
    expect(
      within(screen.getByRole('region', { name: days[0] })).getByText('No activities planned for this day.'),
    ).toBeInTheDocument();
    const planned = screen.getByRole('region', { name: days[1] });
    expect(within(planned).queryByText('No activities planned for this day.')).toBeNull();
    expect(within(planned).getByRole('button', { name: 'Edit Kaiseki dinner' })).toBeInTheDocument();
    expect(within(planned).getByRole('button', { name: 'Delete Kaiseki dinner' })).toBeInTheDocument();

    // Add to this day opens the event dialog on that day.
    await u.click(
      within(screen.getByRole('region', { name: days[2] })).getByRole('button', { name: 'Add to this day' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add Event' });
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2027-03-03');
    expect(within(dialog).getByLabelText('Time zone')).toHaveValue('Europe/Lisbon');
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Event' })).toBeNull());

    // Edit opens the same dialog, filled in.
    await u.click(within(planned).getByRole('button', { name: 'Edit Kaiseki dinner' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Event' });
    expect(within(edit).getByLabelText('Title')).toHaveValue('Kaiseki dinner');
    expect(within(edit).getByLabelText('Date')).toHaveValue('2027-03-02');
  });

  it('folds a long run of free days into one row that opens into its days or adds to its first', async () => {
    withTrip({ startDate: '2027-03-01', endDate: '2027-06-30', status: 'upcoming' }, [dinner]);
    renderWithApi(<Page />);
    const u = user();
    await screen.findByRole('region', { name: 'Tuesday, March 2, 2027' });
    const later = 'Wednesday, March 3, 2027 – Wednesday, June 30, 2027';
    const folded = screen.getByRole('region', { name: later });
    expect(folded).toHaveTextContent('Days 3–122');
    expect(folded).toHaveTextContent('No activities planned for these 120 days.');
    expect(screen.queryByRole('region', { name: 'Thursday, April 1, 2027' })).toBeNull();

    await u.click(within(folded).getByRole('button', { name: 'Add to these days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Event' });
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2027-03-03');
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Event' })).toBeNull());

    await u.click(within(folded).getByRole('button', { name: 'Show each day' }));
    const april = screen.getByRole('region', { name: 'Thursday, April 1, 2027' });
    expect(within(april).getByText('No activities planned for this day.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: later })).toBeNull();
  });

  it('deletes an event only once confirmed', async () => {
    const deleted: unknown[] = [];
    let events = [dinner];
    withTrip(upcoming, () => events);
    server.use(
      trpcMutation('events.delete', (input) => {
        deleted.push(input);
        events = [];
        return { id: input.id, deleted: true };
      }),
    );
    renderWithApi(<Page />);
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Delete Kaiseki dinner' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete this event?' });
    expect(confirm).toHaveTextContent('Kaiseki dinner on Mar 2, 2027 leaves the itinerary.');
    await u.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this event?' })).toBeNull());
    expect(deleted).toEqual([]);

    await u.click(screen.getByRole('button', { name: 'Delete Kaiseki dinner' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete this event?' });
    await u.click(within(confirm).getByRole('button', { name: 'Delete event' }));
    expect(await screen.findByText('Event deleted')).toBeInTheDocument();
    expect(deleted).toEqual([{ id: 'Kaiseki dinner' }]);
    // The last event gone, the itinerary invites the first one.
    expect(await screen.findByRole('button', { name: 'Add the first event' })).toBeInTheDocument();
  });

  it('offline, Delete waits for a connection and says so', async () => {
    withTrip(upcoming, [dinner]);
    renderWithApi(<Page />);
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Delete Kaiseki dinner' }));
    act(() => onlineManager.setOnline(false));
    try {
      const confirm = await screen.findByRole('dialog', { name: 'Delete this event?' });
      expect(await within(confirm).findByText(/Deleting an event needs a connection\./)).toBeInTheDocument();
      expect(within(confirm).getByRole('button', { name: 'Delete event' })).toBeDisabled();
    } finally {
      act(() => onlineManager.setOnline(true));
    }
  });

  it('a trip without events invites the first one, on its first day', async () => {
    withTrip(upcoming);
    renderWithApi(<Page />);
    const u = user();
    expect(await screen.findByText('No events scheduled yet.')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Add the first event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Event' });
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2027-03-01');
  });

  it('an ended trip is read first; Edit itinerary opens it for corrections', async () => {
    withTrip({}, [event('Tram 28', '2025-06-14', '10:00:00')]);
    renderWithApi(<Page />);
    const u = user();
    expect(await screen.findByText('Tram 28')).toBeInTheDocument();
    const toggle = await screen.findByRole('button', { name: 'Edit itinerary' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: 'Edit Tram 28' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to this day' })).toBeNull();
    // Only the days with events: a finished trip reads as what happened.
    expect(screen.getAllByRole('region', { name: /, 2025$/ })).toHaveLength(1);

    await u.click(toggle);
    expect(screen.getByRole('button', { name: 'Done editing' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Edit Tram 28' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Tram 28' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add to this day' })).toHaveLength(7);
  });
});
