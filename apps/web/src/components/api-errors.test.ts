import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { createEventInput, updateTripInput } from '@naav/schemas/trips';
import { errorMessage, fieldLabel, schemaErrors } from './api-errors';

describe('errorMessage', () => {
  it('calls the fields the server names by their labels, not by their API names', () => {
    const error = new Error('endDate: The end date cannot be before the start date');
    expect(errorMessage(error)).toBe('End date: The end date cannot be before the start date');
  });

  it('relabels every field of a message that names several', () => {
    const error = new TRPCClientError(
      'expiryDate: Expiry cannot be before today; categoryId: Please select a category',
    );
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

describe('schemaErrors', () => {
  const trip = {
    id: 'trip-1',
    title: 'Lisbon',
    destination: 'Portugal',
    location: 'Lisbon, Portugal',
    startDate: '2026-06-13',
    endDate: '2026-06-19',
    imageUrl: '',
    notes: '',
  };

  it('finds nothing wrong with what the server would accept', () => {
    expect(schemaErrors(updateTripInput, trip)).toEqual({});
  });

  it("shows the form's own words for a blank field and the server's message for any other problem, one per field", () => {
    const errors = schemaErrors(
      updateTripInput,
      { ...trip, title: '   ', startDate: '2026-06-20', imageUrl: 'https://example.com/a.jpg' },
      { title: 'Enter a title', endDate: 'Choose an end date' },
    );
    expect(errors).toEqual({
      title: 'Enter a title',
      endDate: 'The end date cannot be before the start date',
      imageUrl: "Use one of the app's pictures (/images/…) or an uploaded photo (/api/photos/{id}/file)",
    });
  });

  it("falls back to the schema's message for a blank field the form has no words for", () => {
    const event = {
      id: 'trip-1',
      title: 'Dinner',
      type: 'meal' as const,
      date: '',
      startTime: '20:00',
      endTime: '19:00',
    };
    expect(schemaErrors(createEventInput, event, { title: 'Enter a title' })).toEqual({
      date: 'Invalid ISO date',
      endTime: 'The end time cannot be before the start time',
    });
  });
});
