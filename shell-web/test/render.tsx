/** Rendering in Mantine's provider, as the shell does; what Mantine needs of jsdom is the SDK's `stubBrowser`. */

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

/** Renders `ui` inside a MantineProvider, as the shell does. */
export function renderInMantine(ui: ReactNode) {
  return render(<MantineProvider>{ui}</MantineProvider>);
}

/** Renders a page that queries the host: notifications and a fresh query client that does not retry. */
export function renderWithQueries(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderInMantine(
    <>
      <Notifications />
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </>,
  );
}
