import { onlineManager } from '@tanstack/react-query';
import { act, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import type { RouterOutputs } from '~/lib/api-types';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcMutation, trpcQuery } from '~/test/trpc-handlers';
import { expiryNotice, missingRequired } from './document-labels';
import { DocumentsPage } from './documents-page';

configure({ asyncUtilTimeout: 5000 });

type Summary = RouterOutputs['documents']['list'][number];
const stamp = { createdAt: '2026-11-22T10:00:00.000Z', updatedAt: '2026-11-22T10:00:00.000Z' };
const doc = (over: Partial<Summary>): Summary => ({
  id: 'd1',
  documentType: 'passport',
  documentName: 'UK Passport',
  documentNumberLast4: '0006',
  issueDate: '2022-01-01',
  expiryDate: '2032-01-01',
  issuingCountry: 'United Kingdom',
  notes: null,
  expiryStatus: 'valid',
  daysUntilExpiry: 1800,
  ...stamp,
  ...over,
});

describe('document rules', () => {
  it('colours expired red and expiring soon amber', () => {
    expect(expiryNotice('expired')).toEqual({ text: 'Document has expired', tone: 'danger' });
    expect(expiryNotice('expiring_soon')).toEqual({ text: 'Document expires soon', tone: 'warning' });
    expect(expiryNotice('valid')).toBeNull();
    expect(expiryNotice('no_expiry')).toBeNull();
  });

  it('requires type, name and number', () => {
    expect(missingRequired({ documentType: '', documentName: 'x', documentNumber: '1' })).toBe(true);
    expect(missingRequired({ documentType: 'visa', documentName: ' ', documentNumber: '1' })).toBe(true);
    expect(missingRequired({ documentType: 'visa', documentName: 'x', documentNumber: '1' })).toBe(false);
  });
});

function withDocuments(list: Summary[]) {
  server.use(
    trpcQuery('documents.list', list),
    trpcQuery('documents.expiring', list.filter((d) => d.expiryStatus === 'expiring_soon')),
    trpcQuery('documents.tripWarnings', []),
  );
}

const renderPage = () =>
  renderWithApi(
    <ToastProvider>
      <DocumentsPage />
    </ToastProvider>,
  );

describe('Travel Documents page', { timeout: 20_000 }, () => {
  it('lists documents with only the last four characters of the number, and the expiry notices', async () => {
    withDocuments([
      doc({}),
      doc({ id: 'd2', documentType: 'visa', documentName: 'Japan visa', documentNumberLast4: '8812', expiryStatus: 'expiring_soon', expiryDate: '2026-12-01' }),
      doc({ id: 'd3', documentType: 'id_card', documentName: 'Old ID', documentNumberLast4: '7730', expiryStatus: 'expired', expiryDate: '2025-01-01' }),
    ]);
    renderPage();
    expect(await screen.findByText('UK Passport')).toBeInTheDocument();
    expect(screen.getByText('•••• 0006')).toBeInTheDocument();
    expect(screen.getByText('Document expires soon')).toBeInTheDocument();
    expect(screen.getByText('Document has expired')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Expiring Soon\s*1/ })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: /Expiring Soon/ }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Japan visa')).toBeInTheDocument();
    expect(within(panel).queryByText('UK Passport')).toBeNull();
  });

  it('shows the empty states', async () => {
    withDocuments([]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No travel documents found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Your First Document' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: /Expiring Soon/ }));
    expect(await screen.findByRole('heading', { name: 'No documents expiring soon' })).toBeInTheDocument();
  });

  it('refuses a document without the required fields with the validation toast, sending nothing', async () => {
    withDocuments([]);
    let sent = 0;
    server.use(
      trpcMutation('documents.create', () => {
        sent++;
        throw new Error('documents.create: an incomplete document must not be sent');
      }),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Document' }));
    await user.type(screen.getByLabelText('Document Name'), 'Passport');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add Document' }));
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all required fields.')).toBeInTheDocument();
    expect(sent).toBe(0);
  });

  it('edits with the full number read on its own, hidden until asked for', async () => {
    withDocuments([doc({})]);
    server.use(trpcQuery('documents.byId', { ...doc({}), documentNumber: '533380006' }));
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit UK Passport' }));
    const number = await screen.findByLabelText('Document Number');
    expect(number).toHaveValue('533380006');
    expect(number).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show number' }));
    expect(number).toHaveAttribute('type', 'text');
  });

  describe('notes on the card', () => {
    afterEach(() => act(() => onlineManager.setOnline(true)));

    it('saves the notes alone online, with an idempotency key', async () => {
      withDocuments([doc({ notes: 'Old note' })]);
      const sent: { input: unknown; key: string | null }[] = [];
      server.use(
        trpcMutation('documents.setNotes', (input, request) => {
          sent.push({ input, key: request.headers.get('Idempotency-Key') });
          return doc({ notes: input.notes ?? null });
        }),
      );
      renderPage();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Edit notes of UK Passport' }));
      const notes = screen.getByLabelText('Notes');
      expect(notes).toHaveFocus();
      await user.clear(notes);
      await user.type(notes, 'Copy in the blue folder');
      await user.click(screen.getByRole('button', { name: 'Save notes' }));
      await screen.findByRole('button', { name: 'Edit notes of UK Passport' });
      expect(sent).toEqual([{ input: { id: 'd1', notes: 'Copy in the blue folder' }, key: expect.any(String) }]);
    });

    it('keeps the notes offline, marked Waiting to sync, sends them once back online; the full edit and the deletion say they need a connection', async () => {
      withDocuments([doc({})]);
      let sent = 0;
      server.use(
        trpcMutation('documents.setNotes', (input) => {
          sent++;
          return doc({ notes: input.notes ?? null });
        }),
      );
      renderPage();
      const user = userEvent.setup();
      await screen.findByRole('button', { name: 'Add notes to UK Passport' });
      act(() => onlineManager.setOnline(false));
      expect(screen.getByRole('button', { name: 'Edit UK Passport' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Delete UK Passport' })).toBeDisabled();
      expect(screen.getByText('Editing or deleting a document needs a connection.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Add notes to UK Passport' }));
      await user.type(screen.getByLabelText('Notes'), 'Visa stamp on page 12');
      await user.keyboard('{Tab}{Enter}');
      expect(await screen.findByText('Visa stamp on page 12')).toBeInTheDocument();
      expect(screen.getByText('Waiting to sync')).toBeInTheDocument();
      expect(sent).toBe(0);
      act(() => onlineManager.setOnline(true));
      await expect.poll(() => sent).toBe(1);
      await screen.findByRole('button', { name: 'Edit UK Passport' });
      expect(screen.getByRole('button', { name: 'Edit UK Passport' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Delete UK Passport' })).toBeEnabled();
      await expect.poll(() => screen.queryByText('Waiting to sync')).toBeNull();
      expect(sent).toBe(1);
    });
  });
});
