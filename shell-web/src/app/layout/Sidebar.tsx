/** The collapsible sidebar (desktop) and its content, which the mobile drawer shows too. */

import { ActionIcon, Box, Button, Divider, ScrollArea, Text, Tooltip } from '@mantine/core';
import { IconLogout, IconShieldLock, IconUser } from '@tabler/icons-react';
import { useState, type FocusEvent } from 'react';

import { useSession } from '../../session';
import { adminFlagSet, flipAdminFlag } from '../adminFlag';
import type { MenuItem } from '../menu';
import { SidebarMenu } from './SidebarMenu';
import { UserAvatar } from './UserAvatar';
import classes from './Sidebar.module.css';

/** The sidebar footer's logout leaves after about 0.5 s. */
export const SIDEBAR_LOGOUT_DELAY_MS = 500;

export interface SidebarContentProps {
  menu: readonly MenuItem[];
  /** Create New Company: a separate single-item menu. */
  companyMenu: readonly MenuItem[];
  compact: boolean;
  showUserbox: boolean;
  showFooter: boolean;
  onLogout: (delayMs: number) => void;
  onNavigate?: () => void;
  /** The mobile drawer: nothing hovers there, so a greyed entry spells out its tooltip. */
  noHover?: boolean;
}

function Userbox({ compact }: { compact: boolean }) {
  const { session } = useSession();
  if (!session) return null;
  const { firstname, lastname, job_title, companyname } = session.userdata;
  return (
    <div className={classes.userbox}>
      <UserAvatar radius="xl" size={compact ? 36 : 44} />
      {!compact && (
        <div className={classes.userboxText}>
          <Text fw={600} size="sm" truncate>
            {firstname} {lastname}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {job_title}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {companyname}
          </Text>
        </div>
      )}
    </div>
  );
}

function SidebarFooter({ compact, onLogout }: { compact: boolean; onLogout: (delayMs: number) => void }) {
  const admin = adminFlagSet();
  const switchLabel = admin ? 'Switch to the user area' : 'Switch to the admin area';
  return (
    <div className={classes.footer}>
      {compact ? (
        <Tooltip label="Logout" position="right">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Logout"
            onClick={() => onLogout(SIDEBAR_LOGOUT_DELAY_MS)}
          >
            <IconLogout size={20} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconLogout size={18} />}
          onClick={() => onLogout(SIDEBAR_LOGOUT_DELAY_MS)}
        >
          Logout
        </Button>
      )}
      <Tooltip label={switchLabel} position="right">
        <ActionIcon
          variant={admin ? 'filled' : 'subtle'}
          color={admin ? 'brand' : 'gray'}
          size="lg"
          aria-label={switchLabel}
          aria-pressed={admin}
          onClick={flipAdminFlag}
        >
          {admin ? <IconUser size={20} /> : <IconShieldLock size={20} />}
        </ActionIcon>
      </Tooltip>
    </div>
  );
}

/** Userbox, menus and footer: what both the sidebar and the mobile drawer show. */
export function SidebarContent({
  menu,
  companyMenu,
  compact,
  showUserbox,
  showFooter,
  onLogout,
  onNavigate,
  noHover,
}: SidebarContentProps) {
  return (
    <>
      {showUserbox && <Userbox compact={compact} />}
      <ScrollArea className={classes.scroll} type="hover" scrollbarSize={6}>
        <SidebarMenu items={menu} compact={compact} onNavigate={onNavigate} label="Main menu" noHover={noHover} />
        {companyMenu.length > 0 && (
          <>
            <Divider mx="sm" />
            <SidebarMenu
              items={companyMenu}
              compact={compact}
              onNavigate={onNavigate}
              label="Company menu"
              noHover={noHover}
            />
          </>
        )}
      </ScrollArea>
      {showFooter && <SidebarFooter compact={compact} onLogout={onLogout} />}
    </>
  );
}

export interface SidebarProps extends Omit<SidebarContentProps, 'compact' | 'onNavigate' | 'noHover'> {
  collapsed: boolean;
  fixed: boolean;
  shadow: boolean;
}

/** The desktop sidebar: collapsible, expanding while hovered or focused when collapsed. */
export function Sidebar({ collapsed, fixed, shadow, ...content }: SidebarProps) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const expanded = hovered || focused;
  // Keyboard focus expands it; a mouse click's focus must not keep it open afterwards.
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    if (event.target.matches(':focus-visible')) setFocused(true);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };
  const className = [
    classes.sidebar,
    collapsed && classes.collapsed,
    collapsed && expanded && classes.hovered,
    fixed && classes.fixed,
    shadow && classes.shadow,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Box
      component="aside"
      className={className}
      data-collapsed={collapsed || undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className={classes.panel}>
        <SidebarContent {...content} compact={collapsed && !expanded} />
      </div>
    </Box>
  );
}
