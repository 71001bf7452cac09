import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card } from '@naav/ui/card';
import { useToast } from '@naav/ui/toast';
import {
  notificationKindLabels,
  notificationKinds,
  notificationSettingsInput,
  type ChannelChoice,
  type EmailChoice,
  type NotificationKind,
} from '@naav/schemas/notifications';
import { sendForm, schemaValidator, submitWith, useAppForm } from '~/components/form';
import { controlClasses } from '~/components/form-controls';
import { usePageTitle } from '~/components/page-title';
import { QueryState } from '~/components/query-state';
import { StackedCell, StackedRow, StackedTable } from '~/components/stacked-table';
import { useMe, type Me } from '~/components/use-me';
import type { RouterOutputs } from '~/lib/api-types';
import { useTRPC } from '~/lib/trpc';

type Saved = RouterOutputs['notificationSettings']['get'];

/** What only the travel team is told; travellers do not see these rows. */
const agentKinds: readonly NotificationKind[] = ['proposal_response', 'concierge_incoming'];

const emailLabels: Record<EmailChoice, string> = { instant: 'At once', digest: 'Daily digest', off: 'Off' };

/** The zone this browser is in: quiet hours are read in it. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Notification settings: each kind of notice × inbox and e-mail, and quiet hours. */
export function NotificationSettingsPage() {
  usePageTitle('Notification settings');
  const trpc = useTRPC();
  const me = useMe();
  const settings = useQuery(trpc.notificationSettings.get.queryOptions());
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">Notification settings</h1>
      <p className="mt-2 text-muted">
        Choose what Naav tells you, in your inbox and by e-mail. Every e-mail has a link to stop that kind.
      </p>
      <QueryState
        query={settings}
        loading={{ text: 'Loading your notification settings...', rows: 4 }}
        error={{ what: 'your notification settings' }}
      >
        {(saved) => <SettingsForm key={JSON.stringify(saved)} saved={saved} role={me?.role ?? 'client'} />}
      </QueryState>
    </div>
  );
}

interface Values {
  channels: Record<NotificationKind, ChannelChoice>;
  quietOn: boolean;
  quietHours: { start: string; end: string };
}

const toRequest = (value: Values) => ({
  channels: value.channels,
  quietHours: value.quietOn ? value.quietHours : null,
  timeZone: browserZone(),
});

function SettingsForm({ saved, role }: { saved: Saved; role: Me['role'] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const save = useMutation(trpc.notificationSettings.save.mutationOptions());
  const kinds = notificationKinds.filter((kind) => role === 'agent' || !agentKinds.includes(kind));
  const defaultValues: Values = {
    channels: saved.channels,
    quietOn: saved.quietHours !== null,
    quietHours: saved.quietHours ?? { start: '22:00', end: '07:00' },
  };
  const form = useAppForm({
    defaultValues,
    validators: { onSubmit: schemaValidator(notificationSettingsInput, toRequest) },
    onSubmit: async ({ value }) => {
      const sent = await sendForm(form, () => save.mutateAsync(toRequest(value)), {
        toast,
        title: 'Could not save your notification settings',
      });
      if (!sent.ok) return;
      queryClient.setQueryData(trpc.notificationSettings.get.queryKey(), sent.value);
      toast({ title: 'Notification settings saved', tone: 'success' });
    },
  });
  return (
    <form noValidate onSubmit={submitWith(form)} aria-label="Notification settings" className="mt-6 space-y-6">
      <Card className="p-4 sm:p-6">
        <h2 className="text-xl font-semibold text-ink">What you are told</h2>
        <p className="mt-1 mb-4 text-sm text-muted">
          The inbox is the bell at the top of every page. A daily digest gathers the day's e-mails into one, sent in the
          morning.
        </p>
        <StackedTable
          caption="What you are told, in the inbox and by e-mail"
          columns={[{ header: 'Event' }, { header: 'Inbox' }, { header: 'E-mail' }]}
          minWidth="sm"
        >
          {kinds.map((kind) => (
            <form.Field key={kind} name={`channels.${kind}`}>
              {(field) => {
                const { label, hint } = notificationKindLabels[kind];
                const choice = field.state.value;
                return (
                  <StackedRow>
                    <StackedCell bare className="max-sm:mb-1">
                      <span className="block font-medium text-ink">{label}</span>
                      <span className="block text-sm text-muted">{hint}</span>
                    </StackedCell>
                    <StackedCell label="Inbox">
                      <label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center gap-2 text-sm text-ink">
                        <input
                          type="checkbox"
                          className="size-5 accent-brand-600"
                          checked={choice.inbox}
                          onChange={(e) => field.handleChange({ ...choice, inbox: e.target.checked })}
                          aria-label={`${label} in the inbox`}
                        />
                        <span aria-hidden="true">{choice.inbox ? 'On' : 'Off'}</span>
                      </label>
                    </StackedCell>
                    <StackedCell label="E-mail">
                      <select
                        className={`${controlClasses} mt-0 w-40 border-slate-300`}
                        value={choice.email}
                        onChange={(e) => field.handleChange({ ...choice, email: e.target.value as EmailChoice })}
                        aria-label={`E-mail for ${label}`}
                      >
                        {Object.entries(emailLabels).map(([value, text]) => (
                          <option key={value} value={value}>
                            {text}
                          </option>
                        ))}
                      </select>
                    </StackedCell>
                  </StackedRow>
                );
              }}
            </form.Field>
          ))}
        </StackedTable>
      </Card>
      <Card className="p-4 sm:p-6">
        <h2 className="text-xl font-semibold text-ink">Quiet hours</h2>
        <p className="mt-1 text-sm text-muted">
          E-mails that would arrive during quiet hours wait until they end. Times are in your time zone (
          {saved.timeZone && saved.quietHours ? saved.timeZone : browserZone()}).
        </p>
        <form.AppField name="quietOn">
          {(field) => <field.CheckboxField label="Hold e-mails during quiet hours" />}
        </form.AppField>
        <form.Subscribe selector={(state) => state.values.quietOn}>
          {(quietOn) =>
            quietOn ? (
              <div className="mt-2 grid grid-cols-2 gap-4 sm:max-w-sm">
                <form.AppField name="quietHours.start">
                  {(field) => <field.TextField label="From" type="time" />}
                </form.AppField>
                <form.AppField name="quietHours.end">
                  {(field) => <field.TextField label="Until" type="time" />}
                </form.AppField>
              </div>
            ) : null
          }
        </form.Subscribe>
      </Card>
      <div className="flex justify-end">
        <form.AppForm>
          <form.SubmitButton label="Save settings" busyLabel="Saving…" />
        </form.AppForm>
      </div>
    </form>
  );
}
