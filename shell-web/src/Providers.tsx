import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { SessionProvider } from './session';
import { cssVariables, theme, unstoredColorScheme } from './theme';

/** What every screen runs inside: the theme, the snackbar host and the session. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariables}
      defaultColorScheme="light"
      colorSchemeManager={unstoredColorScheme}
    >
      <Notifications position="top-center" zIndex={4000} />
      <SessionProvider>{children}</SessionProvider>
    </MantineProvider>
  );
}
