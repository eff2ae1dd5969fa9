/** Rendering in Mantine's provider, as the shell does; what Mantine needs of jsdom is the SDK's `stubBrowser`. */

import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

/** Renders `ui` inside a MantineProvider, as the shell does. */
export function renderInMantine(ui: ReactNode) {
  return render(<MantineProvider>{ui}</MantineProvider>);
}
