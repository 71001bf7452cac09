import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcMutation } from '~/test/trpc-handlers';
import { CalendarTripImport } from './calendar-trip-import';

describe('Import a calendar as a trip', { timeout: 20_000 }, () => {
  it('proposes the calendar as a trip and makes it only when asked', async () => {
    const made: unknown[] = [];
    server.use(
      trpcMutation('calendarTrips.preview', () => ({
        proposals: [
          {
            title: 'Portugal',
            destination: 'Portugal',
            startDate: '2027-05-03',
            endDate: '2027-05-17',
            timeZone: 'Europe/Lisbon',
            source: 'calendar' as const,
            message: '12 events from 3 to 17 May, make a trip?',
            events: [],
          },
        ],
      })),
      trpcMutation('calendarTrips.create', (input) => {
        made.push(input);
        return {
          trips: [{ id: 'trip-pt', title: 'Portugal', startDate: '2027-05-03', endDate: '2027-05-17', events: 12 }],
        };
      }),
    );
    renderWithApi(<CalendarTripImport />);
    const user = userEvent.setup();
    const file = new File(['BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'], 'portugal.ics', { type: 'text/calendar' });
    await user.upload(await screen.findByLabelText('Import a calendar, TripIt or TREK file'), file);
    expect(await screen.findByText('12 events from 3 to 17 May, make a trip?')).toBeInTheDocument();
    expect(made).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Make this trip' }));
    expect(await screen.findByRole('link', { name: 'Open Portugal' })).toBeInTheDocument();
    expect(made).toEqual([{ text: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', proposals: [0] }]);
  });
});
