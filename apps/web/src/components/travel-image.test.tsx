import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fallbackImage, TravelImage } from './travel-image';

describe('TravelImage', () => {
  it('shows the app’s own pictures and uploaded photos', () => {
    render(
      <>
        <TravelImage src="/images/lisbon.svg" alt="shipped" />
        <TravelImage src="/api/photos/p1/thumbnail" alt="uploaded" />
      </>,
    );
    expect(screen.getByAltText('shipped').getAttribute('src')).toBe('/images/lisbon.svg');
    expect(screen.getByAltText('uploaded').getAttribute('src')).toBe('/api/photos/p1/thumbnail');
  });

  it('shows the fallback picture for an outside address an older version stored, so the browser never asks that host', () => {
    render(
      <>
        <TravelImage src="https://tracker.example/pixel.png" alt="outside" />
        <TravelImage src="//tracker.example/pixel.png" alt="protocol-relative" />
        <TravelImage src="/images/../api/me" alt="escaping" />
      </>,
    );
    for (const alt of ['outside', 'protocol-relative', 'escaping'])
      expect(screen.getByAltText(alt).getAttribute('src')).toBe(fallbackImage);
  });
});
