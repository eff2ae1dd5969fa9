import { useMemo, useRef, type ReactNode } from 'react';
import { AutoscopeProvider, type PageTitle, type ShellServices } from '@autoscope/web-sdk';

import { rightsOf, useSession } from '../session';
import { notify } from '../ui';

interface ShellServicesProviderProps {
  children: ReactNode;
  /** Sets the page title bar; null clears it. */
  setPageTitle: (title: PageTitle | null) => void;
}

/**
 * Gives remotes (through `@autoscope/web-sdk`'s hooks) the session's token, user and
 * rights, the shell's snackbars and its page title bar. A new services object whenever
 * the session changes, as the SDK asks; the callbacks alone never make one.
 */
export function ShellServicesProvider({ children, setPageTitle }: ShellServicesProviderProps) {
  const { session, signOut } = useSession();
  const latest = useRef({ setPageTitle, signOut });
  latest.current = { setPageTitle, signOut };

  const services = useMemo<ShellServices>(
    () => ({
      getToken: () => session?.token ?? null,
      user: session
        ? {
            id: session.userdata.user_id,
            email: session.userdata.email,
            firstname: session.userdata.firstname,
            lastname: session.userdata.lastname,
            companyId: session.userdata.company_id,
            companyAdmin: session.userdata.company_admin,
            timeZone: session.userdata.time_zone,
            currency: { code: session.userdata.currency_name, symbol: session.userdata.currency_symbol },
          }
        : null,
      rights: session ? rightsOf(session) : {},
      notify,
      setPageTitle: (title) => latest.current.setPageTitle(title),
      // A 401 from the host: the session is over.
      onUnauthorized: () => latest.current.signOut(),
    }),
    [session],
  );

  return <AutoscopeProvider services={services}>{children}</AutoscopeProvider>;
}
