import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { errorMessage, fieldLabel } from './api-errors';

describe('errorMessage', () => {
  it('calls the fields the server names by their labels, not by their API names', () => {
    const error = new Error('endDate: The end date cannot be before the start date');
    expect(errorMessage(error)).toBe('End date: The end date cannot be before the start date');
  });

  it('relabels every field of a message that names several', () => {
    const error = new TRPCClientError('expiryDate: Expiry cannot be before today; categoryId: Please select a category');
    expect(errorMessage(error)).toBe('Expiry date: Expiry cannot be before today; Category: Please select a category');
  });

  it("prefers the form's own labels", () => {
    const error = new Error('startDate: Invalid date');
    expect(errorMessage(error, { startDate: 'Departure' })).toBe('Departure: Invalid date');
  });

  it('leaves sentences that name no field as they are', () => {
    expect(errorMessage(new Error('Cannot move a request from pending to completed: skip no step'))).toBe(
      'Cannot move a request from pending to completed: skip no step',
    );
    expect(errorMessage(new Error('Sign in to continue'))).toBe('Sign in to continue');
  });

  it('says to check the connection when no answer came', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Check your connection and try again.');
    expect(errorMessage('nothing')).toBe('Check your connection and try again.');
  });
});

describe('fieldLabel', () => {
  it('turns API names into words, dropping a trailing Id', () => {
    expect(fieldLabel('endDate')).toBe('End date');
    expect(fieldLabel('documentNumber')).toBe('Document number');
    expect(fieldLabel('assigneeId')).toBe('Assignee');
    expect(fieldLabel('email')).toBe('Email');
  });

  it('knows the names whose words would mislead', () => {
    expect(fieldLabel('file')).toBe('Photo');
    expect(fieldLabel('allocations')).toBe('Category budgets');
    expect(fieldLabel('imageUrl')).toBe('Image URL');
  });
});
