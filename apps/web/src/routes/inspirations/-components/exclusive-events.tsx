import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { useToast } from '@naav/ui/toast';
import { useQueryClient } from '@tanstack/react-query';
import { addDays, format } from 'date-fns';
import { useTRPC } from '~/lib/trpc';
import { useQueuedWrite } from '~/lib/use-queued-writes';

const inDays = (days: number) => format(addDays(new Date(), days), 'yyyy-MM-dd');

/** Invitation-only evenings the concierge team can get travellers into. */
const events = [
  { id: 'venice-gala', title: 'Private Gala at a Venetian Palazzo', place: 'Venice, Italy', when: inDays(45), text: 'Candle-lit dinner and a chamber orchestra in a 16th-century palazzo.' },
  { id: 'kyoto-tea', title: 'Moonlit Tea Ceremony', place: 'Kyoto, Japan', when: inDays(70), text: 'A tea master hosts eight guests in a temple garden closed to the public.' },
];

export function ExclusiveEvents() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  // A queued write: without a network the request waits on this device and is filed when the network is back.
  const request = useQueuedWrite('concierge.createRequest', {
    onQueued: () =>
      toast({ title: 'Invitation requested', description: 'Saved on this device: it is sent when the connection is back.', tone: 'success' }),
    onSuccess: (created) => {
      void queryClient.invalidateQueries(trpc.concierge.pathFilter());
      toast({ title: 'Invitation requested', description: `Your request has been submitted successfully! Follow "${created.title}" under Concierge, Service Requests.`, tone: 'success' });
    },
    onError: (error) => toast({ title: 'The invitation could not be requested', description: error.message, tone: 'destructive' }),
  });
  return (
    <section aria-labelledby="exclusive-events" className="mt-12 rounded-2xl bg-brand-900 p-6 text-white sm:p-8">
      <h2 id="exclusive-events" className="font-display text-2xl font-semibold">
        Exclusive Events
      </h2>
      <p className="mt-1 text-sm text-white/80">Invitation-only experiences our concierge team can open for you.</p>
      <ul className="mt-5 grid gap-4 md:grid-cols-2">
        {events.map((event) => (
          <li key={event.id}>
            <Card className="flex h-full flex-col p-4 text-ink">
              <h3 className="font-semibold">{event.title}</h3>
              <p className="text-sm text-muted">
                {event.place} · {format(new Date(`${event.when}T12:00:00`), 'MMM d, yyyy')}
              </p>
              <p className="mt-2 flex-1 text-sm text-muted">{event.text}</p>
              <Button
                className="mt-4 self-start"
                disabled={request.isPending && request.variables?.title === `Invitation: ${event.title}`}
                onClick={() =>
                  request.mutate({
                    title: `Invitation: ${event.title}`,
                    type: 'special_request',
                    date: event.when,
                    notes: `Please request an invitation for two to ${event.title} in ${event.place}.`,
                  })
                }
              >
                Request Invitation
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
