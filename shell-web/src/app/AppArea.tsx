/**
 * The signed-in area: every path that is not a public route. Signed out, it goes to the
 * login page; signed in, it runs the start-up fetches and shows the app shell with the
 * user area's routes (the module pages the rights open, /Profile, /DashboardDefault; the
 * route of a greyed premium entry says it is an Enterprise feature), or the admin area's
 * when the admin flag is stored.
 */

import { Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import type { PageTitle } from '@autoscope/web-sdk';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';

import { RemotePage, ShellServicesProvider, useVisibleModules } from '../modules';
import { rightsOf, useSession, type Session } from '../session';
import { Loading } from '../ui';
import { adminFlagSet } from './adminFlag';
import { AppLayout } from './layout/AppLayout';
import {
  ADMIN_ROUTES,
  buildAdminMenu,
  buildMenu,
  buildModuleRoutes,
  createCompanyOpen,
  premiumPages,
  SHELL_ROUTES,
  type Menu,
} from './menu';
import { GettingStarted } from './onboarding/GettingStarted';
import { modulePageMeta, type PageMeta } from './pageMeta';
import { CompaniesPage } from './pages/admin/CompaniesPage';
import { DeletionRequestsPage } from './pages/admin/DeletionRequestsPage';
import { EnterpriseRequestsPage } from './pages/admin/EnterpriseRequestsPage';
import { MastersPage } from './pages/admin/MastersPage';
import { ModulesPage } from './pages/admin/ModulesPage';
import { PeoplePage } from './pages/admin/PeoplePage';
import { SystemLogsPage } from './pages/admin/SystemLogsPage';
import { CreateCompanyPage } from './pages/CreateCompanyPage';
import { DashboardPage } from './pages/DashboardPage';
import { NoRoutePage } from './pages/EnterpriseFeaturePage';
import { FallbackPage } from './pages/FallbackPage';
import { ProfilePage } from './pages/profile/ProfilePage';
import { createQueryClient } from './queryClient';
import { LiveSession } from './startup/LiveSession';
import { useStartupData } from './startup/useStartupData';

/** Where sign-in lands and the logo leads. */
const HOME_PATH = '/BusinessInsight';

type Logout = (delayMs: number) => void;

const NO_MENU: Menu = { main: [], company: [] };

const PROFILE_PAGE: PageMeta = {
  path: SHELL_ROUTES.profile,
  exact: true,
  heading: 'Profile settings',
  icon: 'user',
  description: 'Your details, picture, e-mail address, password and data',
  breadcrumb: ['Profile settings'],
};

const DASHBOARD_PAGE: PageMeta = {
  path: SHELL_ROUTES.dashboard,
  exact: true,
  heading: 'Dashboards',
  icon: 'dashboard',
  description: 'A summary from every module you can open',
  breadcrumb: [{ label: 'Dashboards', to: SHELL_ROUTES.dashboard }],
};

const CREATE_COMPANY_PAGE: PageMeta = {
  path: SHELL_ROUTES.createCompany,
  exact: true,
  heading: 'Create New Company',
  icon: 'building',
  description: 'Another company, with you as its admin',
  breadcrumb: ['Create New Company'],
};

const ADMIN_PAGES: readonly PageMeta[] = [
  {
    path: ADMIN_ROUTES.companies,
    exact: true,
    heading: 'Companies',
    icon: 'building',
    description: 'Every company, its edition and its accounts',
    breadcrumb: ['Administration', 'Companies'],
  },
  {
    path: ADMIN_ROUTES.modules,
    exact: true,
    heading: 'Modules',
    icon: 'puzzle',
    description: 'The installed modules, their capabilities, installs and removals',
    breadcrumb: ['Administration', 'Modules'],
  },
  {
    path: ADMIN_ROUTES.enterpriseRequests,
    exact: true,
    heading: 'Enterprise requests',
    icon: 'inbox',
    description: 'Requests for the enterprise edition, and the upgrade that answers one',
    breadcrumb: ['Administration', 'Enterprise requests'],
  },
  {
    path: ADMIN_ROUTES.people,
    exact: true,
    heading: 'People',
    icon: 'users',
    description: 'Every account of every company',
    breadcrumb: ['Administration', 'People'],
  },
  {
    path: ADMIN_ROUTES.logs,
    exact: true,
    heading: 'System logs',
    icon: 'activity',
    description: "Every company's log, filtered, paged and exported",
    breadcrumb: ['Administration', 'System logs'],
  },
  {
    path: ADMIN_ROUTES.deletionRequests,
    exact: true,
    heading: 'Deletion requests',
    icon: 'trash',
    description: 'People who asked for their data to be deleted, and when it was done',
    breadcrumb: ['Administration', 'Deletion requests'],
  },
  {
    path: ADMIN_ROUTES.masters,
    exact: true,
    heading: 'Masters',
    icon: 'database',
    description: 'The lists every form offers: genders, countries, currencies, departments, ticket kinds',
    breadcrumb: ['Administration', 'Masters'],
  },
  PROFILE_PAGE,
];

/** A route path under the area's splat route: `/Chat` → `Chat/*` when sub-paths belong to it. */
function childPath(path: string, exact: boolean): string {
  const relative = path.replace(/^\/+/, '');
  return exact ? relative : `${relative}/*`;
}

function ModulesFailed() {
  return (
    <Paper withBorder radius="md" p="xl" role="alert">
      <Stack align="center" gap="sm">
        <Text fw={600}>The modules could not be loaded.</Text>
        <Text size="sm" c="dimmed">
          The page may belong to a module. Check the connection and try again.
        </Text>
        <Button onClick={() => window.location.reload()}>Retry</Button>
      </Stack>
    </Paper>
  );
}

function UserArea({
  session,
  pageTitle,
  onLogout,
}: {
  session: Session;
  pageTitle: PageTitle | null;
  onLogout: Logout;
}) {
  const { answer, isLoading, error } = useVisibleModules();
  const rights = rightsOf(session);
  // The menu's layout comes with the modules: until they are there, the sidebar is empty.
  const menu = useMemo(() => (answer ? buildMenu(rights, answer) : NO_MENU), [rights, answer]);
  const moduleRoutes = useMemo(() => (answer ? buildModuleRoutes(rights, answer) : []), [rights, answer]);
  // The routes of greyed premium entries: they say so rather than 'Page not found'.
  const premium = useMemo(() => (answer ? premiumPages(rights, answer) : []), [rights, answer]);
  const pages = useMemo(
    () => [PROFILE_PAGE, DASHBOARD_PAGE, CREATE_COMPANY_PAGE, ...modulePageMeta(moduleRoutes, menu.main)],
    [moduleRoutes, menu.main],
  );
  const { firstname, lastname, job_title } = session.userdata;

  return (
    <Routes>
      <Route
        element={
          <AppLayout
            menu={menu.main}
            companyMenu={menu.company}
            pages={pages}
            pageTitle={pageTitle}
            homePath={HOME_PATH}
            onLogout={onLogout}
          />
        }
      >
        <Route
          path={childPath(SHELL_ROUTES.profile, true)}
          caseSensitive
          // A new form when the details change on the host (the start-up refresh, a save).
          element={<ProfilePage key={`${firstname}\n${lastname}\n${job_title}`} session={session} />}
        />
        <Route
          path={childPath(SHELL_ROUTES.dashboard, true)}
          caseSensitive
          element={<DashboardPage session={session} routes={moduleRoutes} loading={isLoading} />}
        />
        {answer && createCompanyOpen(rights, answer.menu) && (
          <Route
            path={childPath(SHELL_ROUTES.createCompany, true)}
            caseSensitive
            element={<CreateCompanyPage session={session} />}
          />
        )}
        {moduleRoutes.map((route) => (
          <Route
            key={route.path}
            path={childPath(route.path, route.exact)}
            caseSensitive
            element={
              <>
                {/* A new company's first-run path shows where sign-in lands, above the module's page. */}
                {route.path === HOME_PATH && <GettingStarted />}
                <RemotePage module={route.module} page={route.page} />
              </>
            }
          />
        ))}
        <Route
          path="*"
          element={
            isLoading ? (
              <Loading />
            ) : error ? (
              <ModulesFailed />
            ) : (
              <NoRoutePage premium={premium} homePath={SHELL_ROUTES.dashboard} />
            )
          }
        />
      </Route>
    </Routes>
  );
}

function AdminArea({
  session,
  pageTitle,
  onLogout,
}: {
  session: Session;
  pageTitle: PageTitle | null;
  onLogout: Logout;
}) {
  const menu = useMemo(() => buildAdminMenu(), []);
  const { firstname, lastname, job_title } = session.userdata;
  return (
    <Routes>
      <Route
        element={
          <AppLayout
            menu={menu}
            companyMenu={[]}
            pages={ADMIN_PAGES}
            pageTitle={pageTitle}
            homePath={HOME_PATH}
            onLogout={onLogout}
          />
        }
      >
        {/* Sign-in lands on the user area's start page: here that is the companies. */}
        <Route
          path={childPath(HOME_PATH, true)}
          caseSensitive
          element={<Navigate to={ADMIN_ROUTES.companies} replace />}
        />
        <Route
          path={childPath(ADMIN_ROUTES.companies, true)}
          caseSensitive
          element={<CompaniesPage session={session} />}
        />
        <Route path={childPath(ADMIN_ROUTES.modules, true)} caseSensitive element={<ModulesPage session={session} />} />
        <Route
          path={childPath(ADMIN_ROUTES.enterpriseRequests, true)}
          caseSensitive
          element={<EnterpriseRequestsPage session={session} />}
        />
        <Route path={childPath(ADMIN_ROUTES.people, true)} caseSensitive element={<PeoplePage session={session} />} />
        <Route path={childPath(ADMIN_ROUTES.logs, true)} caseSensitive element={<SystemLogsPage session={session} />} />
        <Route
          path={childPath(ADMIN_ROUTES.deletionRequests, true)}
          caseSensitive
          element={<DeletionRequestsPage session={session} />}
        />
        <Route
          path={childPath(SHELL_ROUTES.profile, true)}
          caseSensitive
          element={<ProfilePage key={`${firstname}\n${lastname}\n${job_title}`} session={session} />}
        />
        <Route path={childPath(ADMIN_ROUTES.masters, true)} caseSensitive element={<MastersPage session={session} />} />
        <Route path="*" element={<FallbackPage homePath={ADMIN_ROUTES.companies} />} />
      </Route>
    </Routes>
  );
}

function SigningOut() {
  return (
    <Center mih="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">Signing out…</Text>
      </Stack>
    </Center>
  );
}

function SignedInArea({ session, onLogout }: { session: Session; onLogout: Logout }) {
  const [pageTitle, setPageTitle] = useState<PageTitle | null>(null);
  // Read once: switching areas reloads the page.
  const [admin] = useState(adminFlagSet);
  useStartupData(session);
  return (
    <ShellServicesProvider setPageTitle={setPageTitle}>
      <LiveSession session={session} />
      {admin ? (
        <AdminArea session={session} pageTitle={pageTitle} onLogout={onLogout} />
      ) : (
        <UserArea session={session} pageTitle={pageTitle} onLogout={onLogout} />
      )}
    </ShellServicesProvider>
  );
}

function Gate() {
  const { session, signOut } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);

  // Logout clears all local storage (signOut also ends the session on
  // the host), then goes to the root after the caller's delay.
  const logout = useCallback<Logout>(
    (delayMs) => {
      setLeaving(true);
      signOut();
      queryClient.clear();
      window.setTimeout(() => navigate('/', { replace: true }), delayMs);
    },
    [signOut, queryClient, navigate],
  );

  if (leaving) return <SigningOut />;
  if (!session) return <Navigate to="/" replace />;
  return <SignedInArea session={session} onLogout={logout} />;
}

export default function AppArea() {
  const { signOut } = useSession();
  const signOutRef = useRef(signOut);
  useEffect(() => {
    signOutRef.current = signOut;
  }, [signOut]);
  // One client for the area's life; any 401 answer ends the session.
  const [queryClient] = useState(() => createQueryClient(() => signOutRef.current()));
  return (
    <QueryClientProvider client={queryClient}>
      <Gate />
    </QueryClientProvider>
  );
}
