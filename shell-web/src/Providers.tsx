import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { SessionProvider } from './session';
import { cssVariables, theme, unstoredColorScheme } from './theme';
import { Snackbars } from './ui';

/** What every screen runs inside: the theme, the snackbar host and the session. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariables}
      defaultColorScheme="light"
      colorSchemeManager={unstoredColorScheme}
    >
      <Snackbars />
      <SessionProvider>{children}</SessionProvider>
    </MantineProvider>
  );
}
