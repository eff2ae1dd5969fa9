/**
 * The sidebar's menu: groups, links (with a module's count, e.g. Chat's unread messages),
 * and greyed entries with the 'Upgrade to Premium' tooltip that lead to the enterprise
 * edition (in the mobile drawer, where nothing hovers, the words show under the label).
 */

import { UPGRADE } from '@autoscope/web-sdk';
import { Badge, Indicator, NavLink, Tooltip } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { NamedIcon } from '../icons';
import type { MenuBadge, MenuItem } from '../menu';
import { pathMatches } from '../pageMeta';
import classes from './Sidebar.module.css';
import { badgeText, useMenuBadge } from './useMenuBadge';

interface SidebarMenuProps {
  items: readonly MenuItem[];
  /** Icons only (the sidebar is collapsed and not hovered). */
  compact: boolean;
  /** Called after a link is followed (closes the mobile drawer). */
  onNavigate?: () => void;
  /** A label for the list, read by screen readers. */
  label: string;
  /** Nothing hovers (the mobile drawer): a greyed entry says 'Upgrade to Premium' under its label. */
  noHover?: boolean;
}

function isActive(item: MenuItem, pathname: string): boolean {
  if (item.to && pathMatches(item.to, false, pathname)) return true;
  return (item.content ?? []).some((child) => isActive(child, pathname));
}

/** Greyed (the module is premium, the company community), yet the way to the enterprise edition. */
function DisabledEntry({ item, compact, noHover, onNavigate }: Omit<EntryProps, 'pathname'>) {
  return (
    <Tooltip label={UPGRADE.label} position="right" withArrow events={{ hover: true, focus: true, touch: true }}>
      <NavLink
        component={Link}
        to={UPGRADE.path}
        className={classes.disabledEntry}
        label={compact ? undefined : item.label}
        description={compact || !noHover ? undefined : UPGRADE.label}
        leftSection={<NamedIcon name={item.icon} />}
        aria-label={`${item.label} (${UPGRADE.label})`}
        onClick={onNavigate}
        data-menu-key={item.key}
      />
    </Tooltip>
  );
}

interface EntryProps {
  item: MenuItem;
  compact: boolean;
  pathname: string;
  noHover?: boolean;
  onNavigate?: () => void;
}

function Entry(props: EntryProps) {
  const { item } = props;
  if (item.disabled) {
    return <DisabledEntry item={item} compact={props.compact} noHover={props.noHover} onNavigate={props.onNavigate} />;
  }
  if (item.badge && item.to) return <CountedEntry {...props} badge={item.badge} />;
  return <OpenEntry {...props} count={0} />;
}

/** An entry with a count: its module's answer, kept current by the page's realtime channels. */
function CountedEntry({ badge, ...props }: EntryProps & { badge: MenuBadge }) {
  return <OpenEntry {...props} count={useMenuBadge(badge)} />;
}

/** The accessible name of an entry with `count` new things: `Chat (3 new)`. */
function countedLabel(label: string, count: number): string | undefined {
  return count > 0 ? `${label} (${count} new)` : undefined;
}

/** The count beside the label; nothing for 0. */
function CountBadge({ count }: { count: number }): ReactNode {
  if (count <= 0) return null;
  return (
    <Badge size="sm" variant="filled" color="red" circle={count < 10} aria-hidden data-menu-badge>
      {badgeText(count)}
    </Badge>
  );
}

function OpenEntry({ item, compact, pathname, noHover, onNavigate, count }: EntryProps & { count: number }) {
  const active = isActive(item, pathname);
  const icon = <NamedIcon name={item.icon} />;
  const children = item.content ?? [];

  if (compact) {
    // Collapsed: one icon per top-level item; hovering or focusing expands the sidebar.
    return item.to ? (
      <NavLink
        component={Link}
        to={item.to}
        leftSection={
          count > 0 ? (
            <Indicator inline size={16} color="red" label={badgeText(count)} aria-hidden data-menu-badge>
              {icon}
            </Indicator>
          ) : (
            icon
          )
        }
        active={active}
        aria-label={countedLabel(item.label, count) ?? item.label}
        onClick={onNavigate}
        data-menu-key={item.key}
      />
    ) : (
      <NavLink component="div" leftSection={icon} active={active} aria-label={item.label} data-menu-key={item.key} />
    );
  }

  if (children.length > 0) {
    return <Group item={item} active={active} pathname={pathname} noHover={noHover} onNavigate={onNavigate} />;
  }

  if (!item.to) return null;
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={item.label}
      leftSection={icon}
      rightSection={count > 0 ? <CountBadge count={count} /> : undefined}
      active={active}
      aria-label={countedLabel(item.label, count)}
      onClick={onNavigate}
      data-menu-key={item.key}
    />
  );
}

/** A group: open while the current page is in it, and toggled by its header. */
function Group({
  item,
  active,
  pathname,
  noHover,
  onNavigate,
}: {
  item: MenuItem;
  active: boolean;
  pathname: string;
  noHover?: boolean;
  onNavigate?: () => void;
}) {
  const [opened, setOpened] = useState(active);
  const navigate = useNavigate();
  // The menu may arrive after the page (the module list loads): open when the page is inside.
  useEffect(() => {
    if (active) setOpened(true);
  }, [active]);
  const icon = <NamedIcon name={item.icon} />;
  const nested = (item.content ?? []).map((child) => (
    <Entry
      key={`${child.key}:${child.to ?? child.label}`}
      item={child}
      compact={false}
      pathname={pathname}
      noHover={noHover}
      onNavigate={onNavigate}
    />
  ));
  const common = { label: item.label, leftSection: icon, opened, onChange: setOpened, 'data-menu-key': item.key };
  // The Dashboards group is also the link to /DashboardDefault; following it keeps the
  // mobile drawer open, so that its entries can be chosen next. Mantine's NavLink stops a
  // link with children from navigating (a click toggles the group), so it navigates here.
  const to = item.to;
  return to ? (
    <NavLink {...common} component={Link} to={to} active={to === pathname} onClick={() => navigate(to)}>
      {nested}
    </NavLink>
  ) : (
    // A button, so that Tab reaches the header and Enter or Space opens the group.
    <NavLink {...common} component="button" type="button" aria-expanded={opened}>
      {nested}
    </NavLink>
  );
}

export function SidebarMenu({ items, compact, onNavigate, label, noHover }: SidebarMenuProps) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label} className={classes.menu}>
      {items.map((item) => (
        <Entry
          key={`${item.key}:${item.to ?? item.label}`}
          item={item}
          compact={compact}
          pathname={pathname}
          noHover={noHover}
          onNavigate={onNavigate}
        />
      ))}
    </nav>
  );
}
