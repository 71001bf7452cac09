import { describe, expect, it } from 'vitest';
import { bookingsFromBoardingPass, flightDay, parseBoardingPass } from './bcbp';
import { bookingsFromPlainText } from './plain-text';

const reference = new Date(2026, 10, 27);
const brief = (b: ReturnType<typeof bookingsFromPlainText>[number]) => ({
  type: b.type,
  number: b.number,
  from: b.startLocation?.code,
  to: b.endLocation?.code,
  start: b.start,
  end: b.end,
  timeZone: b.timeZone,
  confirmationNumber: b.confirmationNumber,
  travellers: b.travellers,
  seat: b.seat,
  kind: b.source.kind,
});

// Two legs in the layout of the example in IATA's BCBP Implementation Guide (Resolution 792, version 6): the
// first leg's conditional items with the issue date, airline data, then the security section.
const twoLegs =
  'M2DESMARAIS/LUC       EABC123 YULFRAAC 0834 226F001A0025 14D>3181WW6225BAC 00141234560032A0141234567890 1AC AC 1234567890123    20KYLX58ZDEF456 FRAGVALH 3664 227C012C0002 12E2A0141234567890 1AC AC 1234567890123    2PCNWQ^164GIWVC5EH7JNT684FVNJ91W2QA4DVN5J8K4F0L0GEQ3DF5TGBN8709HKT5D3DW3GBHFCVHMY7J5T6HFR41W2QA4DVN5J8K4F0L0GE';

describe('IATA boarding-pass barcodes', () => {
  it('reads every leg: flight, airports, day resolved from the issue date, seat, sequence, passenger and PNR', () => {
    const pass = parseBoardingPass(twoLegs)!;
    expect(pass.issued).toEqual({ yearDigit: 6, dayOfYear: 225 });
    expect(pass.legs.map((l) => [l.pnr, l.from, l.to, l.carrier, l.flightNumber, l.seat, l.sequence])).toEqual([
      ['ABC123', 'YUL', 'FRA', 'AC', '834', '1A', '25'],
      ['DEF456', 'FRA', 'GVA', 'LH', '3664', '12C', '2'],
    ]);
    expect(bookingsFromBoardingPass(twoLegs, 'pass.txt', reference).map(brief)).toEqual([
      {
        type: 'flight',
        number: 'AC834',
        from: 'YUL',
        to: 'FRA',
        start: '2026-08-14',
        end: null,
        timeZone: 'America/Toronto',
        confirmationNumber: 'ABC123',
        travellers: ['Luc Desmarais'],
        seat: '1A',
        kind: 'barcode',
      },
      {
        type: 'flight',
        number: 'LH3664',
        from: 'FRA',
        to: 'GVA',
        start: '2026-08-15',
        end: null,
        timeZone: 'Europe/Berlin',
        confirmationNumber: 'DEF456',
        travellers: ['Luc Desmarais'],
        seat: '12C',
        kind: 'barcode',
      },
    ]);
  });

  it('puts a day without an issue date nearest to the import, across a new year', () => {
    const pass = 'M1DESMARAIS/LUC       EABC123 YULFRAAC 0834 360F001A0025 100';
    expect(bookingsFromBoardingPass(pass, null, new Date(2027, 0, 3)).map((b) => b.start)).toEqual(['2026-12-26']);
    // Issued on day 360 of 2026 (digit 6), flown on day 2: the next year's 2 January.
    expect(flightDay(2, { yearDigit: 6, dayOfYear: 360 }, new Date(2027, 0, 1))).toBe('2027-01-02');
  });

  it('is found in pasted text, and anything shorter or malformed is not a boarding pass', () => {
    expect(bookingsFromPlainText(`Your boarding pass:\n${twoLegs}\n`, null, reference)).toHaveLength(2);
    expect(parseBoardingPass('M1DESMARAIS/LUC       EABC123 YUL')).toBeNull();
    expect(parseBoardingPass('M1DESMARAIS/LUC       EABC123 Y1LFRAAC 0834 226F001A0025 100')).toBeNull();
  });
});

describe('confirmations in plain text', () => {
  it('reads an Amadeus itinerary: passengers, city pairs, four-digit times and the airline locator', () => {
    const text = [
      'RP/FRAL12345/FRAL12345            AA/SU  10FEB26/1012Z   X7K2PQ',
      '  1.SCHMIDT/ANNA MRS   2.SCHMIDT/JONAS MR',
      '  3  LH1234 Y 12MAR 4 FRALIS HK2       0735 0950   12MAR  E  LH/X7K2PQ',
      '  4  TP 579 Y 19MAR 4 LISFRA HK2       2230 0225+1 19MAR  E  TP/X7K2PQ',
    ].join('\n');
    expect(bookingsFromPlainText(text, 'itinerary.txt', reference).map(brief)).toEqual([
      {
        type: 'flight',
        number: 'LH1234',
        from: 'FRA',
        to: 'LIS',
        start: '2027-03-12T07:35:00',
        end: '2027-03-12T09:50:00',
        timeZone: 'Europe/Berlin',
        confirmationNumber: 'X7K2PQ',
        travellers: ['Anna Schmidt', 'Jonas Schmidt'],
        seat: null,
        kind: 'text',
      },
      {
        type: 'flight',
        number: 'TP579',
        from: 'LIS',
        to: 'FRA',
        start: '2027-03-19T22:30:00',
        end: '2027-03-20T02:25:00',
        timeZone: 'Europe/Lisbon',
        confirmationNumber: 'X7K2PQ',
        travellers: ['Anna Schmidt', 'Jonas Schmidt'],
        seat: null,
        kind: 'text',
      },
    ]);
  });

  it("reads an airline's mail: booking code, passenger, each flight's day and local times", () => {
    const text = `Your booking code: x7k2pq
Passenger: Anna Schmidt

Outbound flight
LH 1234, Thursday, 12 March 2026
Departure: 07:35 Frankfurt (FRA)
Arrival: 09:50 Lisbon (LIS)

Return flight
TP 579, Thursday, 19 March 2026
Departure: 10:30 Lisbon (LIS)
Arrival: 14:25 Frankfurt (FRA)
`;
    expect(bookingsFromPlainText(text, null, reference).map(brief)).toEqual([
      expect.objectContaining({
        number: 'LH1234',
        from: 'FRA',
        to: 'LIS',
        start: '2026-03-12T07:35:00',
        end: '2026-03-12T09:50:00',
        confirmationNumber: 'X7K2PQ',
        travellers: ['Anna Schmidt'],
      }),
      expect.objectContaining({
        number: 'TP579',
        from: 'LIS',
        to: 'FRA',
        start: '2026-03-19T10:30:00',
        end: '2026-03-19T14:25:00',
      }),
    ]);
  });

  it('moves an overnight arrival to the next day, in 12-hour times', () => {
    const text = 'Confirmation number: RXJ34P\nUA 110 on Mar 4, 2027: SFO 8:15 PM → JFK 6:30 AM';
    expect(bookingsFromPlainText(text, null, reference).map(brief)).toEqual([
      expect.objectContaining({
        number: 'UA110',
        start: '2027-03-04T20:15:00',
        end: '2027-03-05T06:30:00',
        timeZone: 'America/Los_Angeles',
      }),
    ]);
  });

  it('reads a hotel stay: name, address, check-in and check-out', () => {
    const text = `Thank you for your reservation.

Hotel Lisboa Plaza
Address: Travessa do Salitre 7, 1269-066 Lisboa
Confirmation number: 48213377
Check-in: Thu, 12 Mar 2026 from 15:00
Check-out: Sun, 15 Mar 2026 until 12:00
`;
    const [stay] = bookingsFromPlainText(text, null, reference);
    expect(stay).toMatchObject({
      type: 'lodging',
      title: 'Hotel Lisboa Plaza',
      confirmationNumber: '48213377',
      start: '2026-03-12T15:00:00',
      end: '2026-03-15T12:00:00',
      startLocation: { name: 'Hotel Lisboa Plaza', address: 'Travessa do Salitre 7, 1269-066 Lisboa' },
      source: { kind: 'text', file: null },
    });
  });

  it('finds nothing in a text that names no flight with its airports and day', () => {
    expect(
      bookingsFromPlainText('Dear Anna, see you in Lisbon on 12 March! Call me at 0735 0950.', null, reference),
    ).toEqual([]);
  });

  it('reads a long line of spaces and digits in linear time (no pattern backtracks)', () => {
    const hostile = `Confirmation${' '.repeat(100_000)}\n${'LH 1 '.repeat(20_000)}${'12 MAR '.repeat(10_000)}`;
    expect(bookingsFromPlainText(hostile, null, reference)).toEqual([]);
  });
});
