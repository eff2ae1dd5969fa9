// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { WhenVisible } from './WhenVisible';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** An IntersectionObserver the test drives: `report(true)` says the placeholder came near. */
function stubObserver() {
  const observers: { callback: IntersectionObserverCallback; margin: string | undefined }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({ callback, margin: options?.rootMargin });
      }
      observe() {}
      disconnect() {}
    },
  );
  return {
    observers,
    report: (isIntersecting: boolean) =>
      act(() => {
        for (const { callback } of observers) {
          callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
        }
      }),
  };
}

describe('WhenVisible', () => {
  it('mounts its content once the placeholder comes near the viewport, and keeps it', () => {
    const observer = stubObserver();
    render(<WhenVisible minHeight={400}>The runs</WhenVisible>);
    expect(screen.queryByText('The runs')).toBeNull();
    expect(observer.observers[0]!.margin).toBe('200px 0px');
    observer.report(false);
    expect(screen.queryByText('The runs')).toBeNull();
    observer.report(true);
    expect(screen.getByText('The runs')).toBeTruthy();
    observer.report(false);
    expect(screen.getByText('The runs')).toBeTruthy();
  });

  it('mounts at once where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<WhenVisible minHeight={400}>The runs</WhenVisible>);
    expect(screen.getByText('The runs')).toBeTruthy();
  });
});
