/** The top bar: sidebar toggle, logo, environment label, bell, theme configurator and user menu. */

import { ActionIcon, Badge, Burger, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconMenu2, IconPalette, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { useSession } from '../../session';
import { Logo } from '../../ui';
import { SHELL_ROUTES } from '../menu';
import { CompanySwitcher } from './CompanySwitcher';
import { NotificationsBell } from './NotificationsBell';
import { UserAvatar } from './UserAvatar';
import classes from './AppLayout.module.css';

/** The user menu's logout leaves after about 1 s. */
export const USER_MENU_LOGOUT_DELAY_MS = 1000;

/** The API base of this build, shown next to the logo. */
export const ENVIRONMENT_LABEL = 'Dev';

interface TopBarProps {
  className: string;
  homePath: string;
  /** Desktop: the sidebar is collapsed. */
  sidebarCollapsed: boolean;
  onToggleSidebar: () => void;
  mobileNavOpened: boolean;
  onToggleMobileNav: () => void;
  onOpenTheme: () => void;
  onLogout: (delayMs: number) => void;
}

function UserMenu({ onLogout }: { onLogout: (delayMs: number) => void }) {
  const { session } = useSession();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  if (!session) return null;
  const { firstname, lastname, job_title } = session.userdata;
  return (
    <Menu position="bottom-end" width={220} shadow="md" withArrow opened={opened} onChange={setOpened}>
      <Menu.Target>
        <UnstyledButton className={classes.userButton} aria-label={`User menu of ${firstname} ${lastname}`}>
          <Group gap="xs" wrap="nowrap">
            <UserAvatar radius="xl" size={38} />
            <div className={classes.userText}>
              <Text size="sm" fw={600} truncate>
                {firstname} {lastname}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {job_title}
              </Text>
            </div>
            <IconChevronDown size={16} className={classes.userChevron} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <CompanySwitcher token={session.token} menuOpened={opened} />
        <Menu.Item leftSection={<IconUser size={16} />} onClick={() => navigate(SHELL_ROUTES.profile)}>
          Profile
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => onLogout(USER_MENU_LOGOUT_DELAY_MS)}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function TopBar(props: TopBarProps) {
  const toggleLabel = props.sidebarCollapsed ? 'Expand the sidebar' : 'Collapse the sidebar';
  return (
    <header className={props.className}>
      <Burger
        opened={props.mobileNavOpened}
        onClick={props.onToggleMobileNav}
        hiddenFrom="sm"
        size="sm"
        aria-label="Open the menu"
      />
      <Tooltip label={toggleLabel}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={props.onToggleSidebar}
          visibleFrom="sm"
          aria-label={toggleLabel}
          aria-expanded={!props.sidebarCollapsed}
        >
          <IconMenu2 size={22} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
      <Link to={props.homePath} className={classes.logo} aria-label="Autoscope home">
        <Logo />
      </Link>
      <Badge variant="light" color="orange" radius="sm" tt="none" visibleFrom="xs">
        {ENVIRONMENT_LABEL}
      </Badge>
      <Group gap="xs" ml="auto" wrap="nowrap">
        <NotificationsBell />
        <Tooltip label="Theme configurator">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Theme configurator"
            onClick={props.onOpenTheme}
            visibleFrom="md"
          >
            <IconPalette size={22} stroke={1.6} />
          </ActionIcon>
        </Tooltip>
        <UserMenu onLogout={props.onLogout} />
      </Group>
    </header>
  );
}
