import { describe, expect, it } from 'vitest';
import { barcodePng, boardingPassPdf } from '../../../scripts/barcode-samples';
import { readBookingFile } from './read-file';

// A one-leg pass whose issue date (day 225 of a year ending in 6) fixes the flight's year.
const pass =
  'M1DESMARAIS/LUC       EABC123 YULFRAAC 0834 226F001A0025 14D>3181WW6225BAC 00141234560032A0141234567890 1AC AC 1234567890123    20KYLX58Z';
const brief = (b: Awaited<ReturnType<typeof readBookingFile>>['bookings'][number]) => ({
  number: b.number,
  from: b.startLocation?.code,
  to: b.endLocation?.code,
  start: b.start,
  seat: b.seat,
  confirmationNumber: b.confirmationNumber,
  travellers: b.travellers,
  kind: b.source.kind,
});
const expected = {
  number: 'AC834',
  from: 'YUL',
  to: 'FRA',
  start: '2026-08-14',
  seat: '1A',
  confirmationNumber: 'ABC123',
  travellers: ['Luc Desmarais'],
  kind: 'barcode',
};

describe('boarding-pass barcodes in images and PDFs', () => {
  it.each(['PDF417', 'Aztec', 'QRCode', 'DataMatrix'] as const)('reads a %s barcode in a PNG', async (format) => {
    const bytes = await barcodePng(pass, format);
    const { bookings } = await readBookingFile({ name: `pass-${format}.png`, bytes });
    expect(bookings.map(brief)).toEqual([expected]);
  });

  it('knows a PNG by its first bytes when the name says nothing', async () => {
    const bytes = await barcodePng(pass, 'QRCode');
    expect((await readBookingFile({ name: null, bytes })).bookings.map(brief)).toEqual([expected]);
  });

  it('a PDF whose words and barcode give the same flight: one booking, the words’ times with the barcode’s seat and passenger', async () => {
    const pdf = await boardingPassPdf(await barcodePng(pass, 'PDF417'), [
      'Your flight',
      'AC 834 14 AUG 2026',
      'Departure: YUL 18:30',
      'Arrival: FRA 07:40',
    ]);
    const { bookings } = await readBookingFile({ name: 'pass.pdf', bytes: pdf });
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({
      number: 'AC834',
      start: expect.stringMatching(/^2026-08-14T18:30/),
      seat: '1A',
      travellers: ['Luc Desmarais'],
    });
  });

  it('an image whose barcode is no boarding pass gives no booking', async () => {
    const { bookings } = await readBookingFile({
      name: 'blank.png',
      bytes: await barcodePng('hello, not a boarding pass', 'QRCode'),
    });
    expect(bookings).toEqual([]);
  });
});
