import { describe, expect, it } from 'vitest';
import { redactText, redactTitle, showsNothingExtra } from './redact';

const names = ['Maya Tanaka', 'Alex Morgan'];
const hide = (text: string) => redactText(text, showsNothingExtra, names);

describe('what a public link leaves out of free text', () => {
  it('drops labelled booking references, names and prices, keeping the other lines', () => {
    expect(
      hide(
        'Provider: TAP\nConfirmation: XK7P2Q\nTravellers: Maya Tanaka, Alex Morgan\nPrice: €89.90\nArrives: Fri 5 Mar 2027, 06:30',
      ),
    ).toBe('Provider: TAP\nArrives: Fri 5 Mar 2027, 06:30');
    expect(hide('Booking reference - 77812\nPNR: ABC123\nGuests: 2 adults\nTotal paid: ¥168,000')).toBeNull();
  });

  it('cuts references, names and amounts out of a sentence', () => {
    expect(hide('Hotel Gracery (conf. XK7P2Q), breakfast ¥2,500 each for Maya Tanaka')).toBe(
      'Hotel Gracery, breakfast each for a traveller',
    );
    expect(redactTitle('Flight TP 1234 (Confirmation XK7P2Q)', showsNothingExtra, names, 'Booked event')).toBe(
      'Flight TP 1234',
    );
    expect(redactTitle('Confirmation: XK7P2Q', showsNothingExtra, names, 'Booked event')).toBe('Booked event');
  });

  it('leaves ordinary words, times and flight numbers alone', () => {
    for (const text of [
      'Reservation at 19:00 for dinner',
      'Booking.com stay',
      'Flight JAL123 to Osaka',
      'Tram 28 to Belém',
      'Ticket office opens 9:00',
    ]) {
      expect(hide(text)).toBe(text);
    }
  });

  it('keeps what the owner chose to show', () => {
    const all = { bookingReferences: true, travellerNames: true, prices: true };
    const text = 'Confirmation: XK7P2Q\nTravellers: Maya Tanaka\nPrice: €89.90';
    expect(redactText(text, all, names)).toBe(text);
    expect(redactText(text, { ...showsNothingExtra, prices: true }, names)).toBe('Price: €89.90');
  });
});
