import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { SessionProvider } from './session';
import { theme } from './theme';

/** What every screen runs inside: the theme, the snackbar host and the session. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-center" zIndex={4000} />
      <SessionProvider>{children}</SessionProvider>
    </MantineProvider>
  );
}
