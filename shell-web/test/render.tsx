/** The set-up the component tests share: what Mantine needs of jsdom, and rendering in its provider. */

import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

/** For `beforeAll`: what Mantine reads and jsdom lacks, stubbed where it is missing. */
export function stubBrowser(): void {
  // Mantine reads the colour scheme through matchMedia.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  // Mantine's ScrollArea (Table.ScrollContainer) watches its size.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

/** Renders `ui` inside a MantineProvider, as the shell does. */
export function renderInMantine(ui: ReactNode) {
  return render(<MantineProvider>{ui}</MantineProvider>);
}
