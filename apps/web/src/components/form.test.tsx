import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import { createEventInput } from '@naav/schemas/trips';
import { applyServerErrors, schemaValidator, submitWith, useAppForm } from './form';

type Values = { title: string; date: string; allDay: boolean };

/** A TRPCClientError as the link makes it from a 400 naming `field`. */
const badRequest = (field: string, message: string) =>
  new TRPCClientError(`${field}: ${message}`, {
    result: { error: { data: { code: 'BAD_REQUEST', issues: [{ path: [field], message }] } } },
  } as never);

function EventForm({ send }: { send: (request: unknown) => Promise<void> }) {
  const toRequest = (v: Values) => ({ id: 'trip-1', type: 'activity' as const, title: v.title, date: v.date });
  const form = useAppForm({
    defaultValues: { title: '', date: '', allDay: false } as Values,
    validators: { onSubmit: schemaValidator(createEventInput, toRequest, { title: 'Enter a title' }) },
    onSubmit: ({ value }) => send(toRequest(value)).catch((error: unknown) => void applyServerErrors(form, error)),
  });
  return (
    <form noValidate onSubmit={submitWith(form)}>
      <form.AppField name="title">{(field) => <field.TextField label="Title" />}</form.AppField>
      <form.AppField name="date">{(field) => <field.DateField label="Date" />}</form.AppField>
      <form.AppField name="allDay">{(field) => <field.CheckboxField label="All day" />}</form.AppField>
      <form.AppForm>
        <form.SubmitButton label="Save" busyLabel="Saving…" />
      </form.AppForm>
    </form>
  );
}

function CodeForm() {
  const form = useAppForm({ defaultValues: { code: '' } });
  return (
    <form.AppField name="code">
      {(field) => <field.TextField label="Code" normalize={(typed) => typed.replace(/\D/g, '')} />}
    </form.AppField>
  );
}

describe('useAppForm', () => {
  it("checks the values with the request's schema before sending, in the form's words for a blank field", async () => {
    const send = vi.fn(async () => {});
    render(<EventForm send={send} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const title = screen.getByLabelText('Title');
    expect(await screen.findByText('Enter a title')).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Enter a title');
    expect(screen.getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');
    expect(send).not.toHaveBeenCalled();

    await user.type(title, 'Dinner');
    await user.type(screen.getByLabelText('Date'), '2026-03-09');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith(expect.objectContaining({ title: 'Dinner', date: '2026-03-09' })),
    );
    expect(screen.queryByText('Enter a title')).not.toBeInTheDocument();
  });

  it("puts a 400's issues on the fields they name, until the form is edited", async () => {
    const send = vi.fn(async () => {
      throw badRequest('date', 'The date is outside the trip');
    });
    render(<EventForm send={send} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title'), 'Dinner');
    await user.type(screen.getByLabelText('Date'), '2026-03-09');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The date is outside the trip')).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveAccessibleDescription('The date is outside the trip');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();

    await user.clear(screen.getByLabelText('Date'));
    await user.type(screen.getByLabelText('Date'), '2026-03-10');
    expect(screen.queryByText('The date is outside the trip')).not.toBeInTheDocument();
  });

  it('keeps a field to what it can take as it is typed, when told how (digits only for a code)', async () => {
    render(<CodeForm />);
    await userEvent.setup().type(screen.getByLabelText('Code'), '12 3a4');
    expect(screen.getByLabelText('Code')).toHaveValue('1234');
  });
});
