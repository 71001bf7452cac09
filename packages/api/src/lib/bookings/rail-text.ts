import type { Booking } from './booking';
import { journeyBooking } from './schema-org';

// Rail tickets without markup, in the layouts Europe's big operators print (the text of their PDF
// tickets and mails): Deutsche Bahn's timetable rows ("Frankfurt(Main)Hbf 14.08. ab 09:50 7 ICE 27
// Wg. 23, Pl. 45"), SNCF's e-billet ("09h56 PARIS GARE DE LYON" under "ALLER : Samedi 14 août
// 2027"), Trenitalia's labelled fields ("Stazione di partenza: Roma Termini", "Ore: 09:00") and
// Eurostar's or Trainline's "Depart London St Pancras International 08:01". Lines are read one at a
// time with short patterns; the station is what the line holds beside its time.

/** A found date or time, and where in the text (for "the last date before this line"). */
interface Found {
  at: number;
  value: string;
}

export interface TextReaders {
  datesIn: (text: string, reference: Date) => Found[];
  confirmationIn: (text: string) => string | null;
  travellersIn: (text: string) => string[];
}

const trainPattern =
  /\b(ICE|IC|ECE|EC|RJX|RJ|NJ|TGV INOUI|TGV|OUIGO|Frecciarossa|Frecciargento|Italo|AVE|Alvia|Eurostar|Train)[ ]{0,2}(?:N°|Nr\.|n\.)?[ ]?(\d{2,5})\b/g;
const operators: Record<string, string> = {
  ICE: 'Deutsche Bahn',
  'TGV INOUI': 'SNCF',
  TGV: 'SNCF',
  OUIGO: 'SNCF',
  Frecciarossa: 'Trenitalia',
  Frecciargento: 'Trenitalia',
  Italo: 'Italo',
  AVE: 'Renfe',
  Alvia: 'Renfe',
  RJ: 'ÖBB',
  RJX: 'ÖBB',
  NJ: 'ÖBB',
  Eurostar: 'Eurostar',
};

// A rail booking's own reference: DB's order number is 12 digits, longer than an airline's locator.
const railReference =
  /(?:Auftragsnummer|Référence de dossier|Codice prenotazione(?: \(PNR\))?|Booking reference)[ \t]{0,4}:?[ \t]{0,4}([A-Z0-9]{5,14})\b/i;

const dbStop = /(\d{1,2})\.(\d{1,2})\.(\d{4})?[ ]{1,4}(ab|an|dep|arr)[ ]{1,4}(\d{1,2}):(\d{2})\b/;
const sncfStop = /^(\d{1,2})h(\d{2})[ \t]{1,8}/;
const clock = /\b(\d{1,2})[:.h](\d{2})\b/;
const departureLabels = ['stazione di partenza', 'departs', 'departure', 'depart', 'abfahrt', 'départ'];
const arrivalLabels = ['stazione di arrivo', 'arrives', 'arrival', 'arrive', 'ankunft', 'arrivée'];

const seatPatterns = [
  /\bWg\. ?(\d{1,3}),? ?Pl\. ?(\d{1,3}[A-Z]?)/,
  /\bVoiture:? ?(\d{1,3})[ ,-]{1,4}Place:? ?(\d{1,3}[A-Z]?)/i,
  /\bCarrozza:? ?(\d{1,3})[ ,-]{1,4}Posto:? ?(\d{1,3}[A-Z]?)/i,
  /\bCoach:? ?(\d{1,3})[ ,-]{1,4}Seat:? ?(\d{1,3}[A-Z]?)/i,
];

interface Stop {
  line: number;
  at: number;
  station: string;
  time: string;
  /** The stop's own day, when its line gives one. */
  day: string | null;
  role: 'departure' | 'arrival' | null;
}

const two = (n: string | number) => String(n).padStart(2, '0');

/** The stations, times and roles a ticket's lines give, in order. */
function stopsIn(lines: string[], offsets: number[], dates: Found[], reference: Date, readers: TextReaders): Stop[] {
  const stops: Stop[] = [];
  lines.forEach((raw, i) => {
    const line = raw.trim();
    const at = offsets[i]!;
    const db = dbStop.exec(line);
    if (db) {
      const station = line.slice(0, db.index).trim();
      const monthDay = `-${two(db[2]!)}-${two(db[1]!)}`;
      // "14.08." takes its year from the ticket's full date ("Fahrt am 14.08.2027").
      const year =
        db[3] ?? dates.find((d) => d.value.endsWith(monthDay))?.value.slice(0, 4) ?? String(reference.getFullYear());
      if (station.length >= 2)
        stops.push({
          line: i,
          at,
          station,
          time: `${two(db[5]!)}:${db[6]}`,
          day: `${year}${monthDay}`,
          role: db[4] === 'ab' || db[4] === 'dep' ? 'departure' : 'arrival',
        });
      return;
    }
    const sncf = sncfStop.exec(line);
    if (sncf) {
      stops.push({
        line: i,
        at,
        station: line.slice(sncf[0].length).trim(),
        time: `${two(sncf[1]!)}:${sncf[2]}`,
        day: null,
        role: null,
      });
      return;
    }
    const lower = line.toLowerCase();
    const label = [...departureLabels, ...arrivalLabels].find((l) => lower.startsWith(l));
    if (!label) return;
    const rest = line
      .slice(label.length)
      .replace(/^[ \t]{0,4}:/, '')
      .trim();
    const own = clock.exec(rest);
    // Trenitalia gives the time on the next line ("Data: 14/08/2027 Ore: 09:00").
    const next = lines[i + 1] ?? '';
    const time = own ?? clock.exec(next);
    if (!time) return;
    const station = (own ? rest.slice(0, own.index) : rest).trim();
    if (station.length < 2) return;
    stops.push({
      line: i,
      at,
      station,
      time: `${two(time[1]!)}:${time[2]}`,
      day: readers.datesIn(own ? rest : next, reference)[0]?.value ?? null,
      role: departureLabels.includes(label) ? 'departure' : 'arrival',
    });
  });
  return stops;
}

/** The train journeys of a rail ticket or confirmation without markup; none when it is not one. */
export function trainsFromText(text: string, file: string | null, reference: Date, readers: TextReaders): Booking[] {
  const trains = [...text.matchAll(trainPattern)];
  if (trains.length === 0) return [];
  const lines = text.split('\n');
  const offsets: number[] = [];
  lines.reduce((at, line) => {
    offsets.push(at);
    return at + line.length + 1;
  }, 0);
  // Each train's line, in one pass: matches and line starts both run in text order.
  let line = 0;
  const trainLines = trains.map((m) => {
    while (line + 1 < offsets.length && offsets[line + 1]! <= m.index) line++;
    return line;
  });
  const dates = readers.datesIn(text, reference);
  const stops = stopsIn(lines, offsets, dates, reference, readers);
  const confirmationNumber = railReference.exec(text)?.[1]?.toUpperCase() ?? readers.confirmationIn(text);
  const travellers = readers.travellersIn(text);
  const bookings: Booking[] = [];
  // Stops pair up in order: a departure, then the arrival after it.
  for (let i = 0; i + 1 < stops.length; i++) {
    const from = stops[i]!;
    const to = stops[i + 1]!;
    if (from.role === 'arrival' || to.role === 'departure') continue;
    i++;
    // The train named nearest the journey's lines (the first of equals): DB prints it on the departure's row.
    let nearest = 0;
    trainLines.forEach((l, t) => {
      if (Math.abs(l - from.line) < Math.abs(trainLines[nearest]! - from.line)) nearest = t;
    });
    const train = trains[nearest]!;
    const dayBefore = dates.filter((d) => d.at <= from.at).at(-1)?.value ?? dates[0]?.value ?? null;
    const day = from.day ?? dayBefore;
    if (!day) continue;
    const arrivalDay = to.day ?? day;
    const nextStart = stops[i + 1]?.line ?? lines.length;
    const segment = lines.slice(Math.min(from.line, trainLines[nearest]!), Math.max(nextStart, to.line + 3)).join('\n');
    const seat = seatPatterns.map((p) => p.exec(segment)).find(Boolean);
    const brand = train[1]!;
    bookings.push(
      journeyBooking(
        {
          type: 'train',
          confirmationNumber,
          travellers,
          seat: seat ? `Coach ${seat[1]}, seat ${seat[2]}` : null,
          price: null,
          cancelled: false,
          source: { kind: 'text', file },
        },
        {
          number: `${brand === 'Train' ? '' : brand}${train[2]}`,
          provider: operators[brand] ?? (/\bEurostar\b/.test(text) ? 'Eurostar' : null),
          start: `${day}T${from.time}:00`,
          end: `${arrivalDay}T${to.time}:00`,
          from: { name: from.station, code: null, address: null, latitude: null, longitude: null },
          to: { name: to.station, code: null, address: null, latitude: null, longitude: null },
        },
      ),
    );
  }
  return bookings;
}
