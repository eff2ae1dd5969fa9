/**
 * The app shell around every logged-in page: top bar, sidebar (a drawer on mobile), page
 * title bar, the page itself with its 0.4 s transition, and the footer, laid out as the
 * user's theme options say.
 */

import { Anchor, Drawer, Group, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { PageTitle } from '@autoscope/web-sdk';
import { useEffect, type CSSProperties } from 'react';
import { Link, Outlet, useLocation } from 'react-router';

import { useSession } from '../../session';
import { Logo, PageTransition } from '../../ui';
import type { MenuItem } from '../menu';
import { metaFor, type PageMeta } from '../pageMeta';
import { ThemeDrawer } from '../theme/ThemeDrawer';
import { CONTENT_BACKGROUNDS } from '../theme/options';
import { useThemeOptions } from '../theme/useThemeOptions';
import { useAppearance } from '../theme/useAppearance';
import { PageTitleBar } from './PageTitleBar';
import { Sidebar, SidebarContent } from './Sidebar';
import { TopBar } from './TopBar';
import classes from './AppLayout.module.css';

export interface AppLayoutProps {
  menu: readonly MenuItem[];
  companyMenu: readonly MenuItem[];
  /** Title defaults of the area's pages. */
  pages: readonly PageMeta[];
  /** What the current page set through the web SDK. */
  pageTitle: PageTitle | null;
  /** Where the logo leads. */
  homePath: string;
  onLogout: (delayMs: number) => void;
}

const HEADER_HEIGHT = 64;
const SIDEBAR_WIDTH = 264;
const SIDEBAR_WIDTH_COLLAPSED = 76;

function join(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

export function AppLayout({ menu, companyMenu, pages, pageTitle, homePath, onLogout }: AppLayoutProps) {
  const { session } = useSession();
  const theme = useThemeOptions(session?.userdata.user_id ?? '');
  const { options } = theme;
  const scheme = useAppearance(options);
  const [mobileNavOpened, mobileNav] = useDisclosure(false);
  const [themeOpened, themeDrawer] = useDisclosure(false);
  const isMobile = useMediaQuery('(max-width: 48em)');
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);

  const meta = metaFor(pages, pathname);
  // A page with sub-paths keeps its state while moving between them: one transition per page.
  const transitionKey = meta && !meta.exact ? meta.path : pathname;
  const collapsed = options.sidebarToggle;
  const toggleSidebar = () => {
    if (isMobile) mobileNav.toggle();
    else theme.change({ sidebarToggle: !collapsed });
  };

  // Set here, not in the CSS modules: the build renames custom properties a module declares.
  const style = {
    '--header-height': `${HEADER_HEIGHT}px`,
    '--sidebar-width': `${SIDEBAR_WIDTH}px`,
    '--sidebar-width-collapsed': `${SIDEBAR_WIDTH_COLLAPSED}px`,
    '--sidebar-top': options.headerFixed ? `${HEADER_HEIGHT}px` : '0px',
    // The chosen background is a light one: dark pages take Mantine's dark body instead.
    '--content-bg':
      scheme === 'dark' ? 'var(--mantine-color-dark-8)' : CONTENT_BACKGROUNDS[options.contentBackground].color,
  } as CSSProperties;

  const content = {
    menu,
    companyMenu,
    showUserbox: options.sidebarUserbox,
    showFooter: options.sidebarFooter,
    onLogout,
  };

  return (
    <div className={classes.root} style={style}>
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <TopBar
        className={join(
          classes.header,
          options.headerFixed && classes.headerFixed,
          options.headerShadow && classes.headerShadow,
        )}
        homePath={homePath}
        sidebarCollapsed={collapsed}
        onToggleSidebar={toggleSidebar}
        mobileNavOpened={mobileNavOpened}
        onToggleMobileNav={mobileNav.toggle}
        onOpenTheme={themeDrawer.open}
        onLogout={onLogout}
      />
      <div className={classes.body}>
        <Sidebar {...content} collapsed={collapsed} fixed={options.sidebarFixed} shadow={options.sidebarShadow} />
        <div className={classes.content}>
          <main id="main-content" className={classes.main} tabIndex={-1}>
            <PageTitleBar
              title={pageTitle}
              meta={meta}
              theme={options}
              sidebarCollapsed={isMobile ? !mobileNavOpened : collapsed}
              onToggleSidebar={toggleSidebar}
            />
            <PageTransition key={transitionKey}>
              <Outlet />
            </PageTransition>
          </main>
          <footer
            className={join(
              classes.footer,
              options.footerFixed && classes.footerFixed,
              options.footerShadow && classes.footerShadow,
            )}
          >
            <Text size="xs" c="dimmed">
              © {new Date().getFullYear()} Autoscope
            </Text>
            <Group gap="md">
              <Anchor component={Link} to="/terms-and-conditions" size="xs" c="dimmed">
                Terms of use
              </Anchor>
              <Anchor component={Link} to="/privacy-policy" size="xs" c="dimmed">
                Privacy policy
              </Anchor>
              <Anchor component={Link} to="/ServiceAggrement" size="xs" c="dimmed">
                Community edition agreement
              </Anchor>
            </Group>
          </footer>
        </div>
      </div>
      <Drawer
        opened={mobileNavOpened}
        onClose={mobileNav.close}
        size={288}
        padding={0}
        hiddenFrom="sm"
        title={<Logo />}
        classNames={{ header: classes.drawerHeader, body: classes.drawerBody }}
      >
        <SidebarContent {...content} compact={false} onNavigate={mobileNav.close} noHover />
      </Drawer>
      <ThemeDrawer opened={themeOpened && !isMobile} onClose={themeDrawer.close} {...theme} />
    </div>
  );
}
