/**
 * The page title bar: heading, optional breadcrumb (at most 2 items), optional page
 * buttons and a sidebar toggle. A page sets it through the web SDK's `usePageTitle`;
 * until then it shows the route's own heading. The theme picks its style.
 */

import { ActionIcon, Anchor, Breadcrumbs, Button, Group, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { MAX_BREADCRUMB_ITEMS, type BreadcrumbItem, type PageTitle } from '@autoscope/web-sdk';
import { Link } from 'react-router';

import { NamedIcon } from '../icons';
import type { PageMeta } from '../pageMeta';
import type { ThemeOptions } from '../theme/options';
import classes from './PageTitleBar.module.css';

interface PageTitleBarProps {
  /** What the page set, if anything. */
  title: PageTitle | null;
  /** The route's defaults. */
  meta: PageMeta | null;
  theme: ThemeOptions;
  sidebarCollapsed: boolean;
  onToggleSidebar: () => void;
}

function Crumb({ item }: { item: BreadcrumbItem }) {
  if (typeof item === 'string') return <Text size="sm">{item}</Text>;
  return item.to ? (
    <Anchor component={Link} to={item.to} size="sm" className={classes.crumbLink}>
      {item.label}
    </Anchor>
  ) : (
    <Text size="sm">{item.label}</Text>
  );
}

export function PageTitleBar({ title, meta, theme, sidebarCollapsed, onToggleSidebar }: PageTitleBarProps) {
  const heading = title?.heading ?? meta?.heading ?? '';
  const breadcrumb = (title?.breadcrumb ?? meta?.breadcrumb ?? []).slice(0, MAX_BREADCRUMB_ITEMS);
  const buttons = title?.buttons ?? [];
  const className = [classes.bar, classes[`style${theme.pageTitleStyle}`], theme.pageTitleShadow && classes.shadow]
    .filter(Boolean)
    .join(' ');
  const toggleLabel = sidebarCollapsed ? 'Expand the sidebar' : 'Collapse the sidebar';
  if (!heading) return null;
  return (
    <section className={className} aria-label="Page title">
      <Tooltip label={toggleLabel}>
        <ActionIcon
          variant="subtle"
          size="lg"
          className={classes.toggle}
          aria-label={toggleLabel}
          onClick={onToggleSidebar}
        >
          {sidebarCollapsed ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
        </ActionIcon>
      </Tooltip>
      {theme.pageTitleIconBox && meta && (
        <ThemeIcon
          size={48}
          radius="md"
          variant={theme.pageTitleStyle === 4 ? 'white' : 'light'}
          className={classes.iconBox}
        >
          <NamedIcon name={meta.icon} size={26} />
        </ThemeIcon>
      )}
      <div className={classes.text}>
        {theme.pageTitleBreadcrumb && breadcrumb.length > 0 && (
          <Breadcrumbs separator="›" className={classes.breadcrumb}>
            {breadcrumb.map((item, index) => (
              <Crumb key={index} item={item} />
            ))}
          </Breadcrumbs>
        )}
        <Title order={1} className={classes.heading}>
          {heading}
        </Title>
        {theme.pageTitleDescription && meta?.description && (
          <Text size="sm" className={classes.description}>
            {meta.description}
          </Text>
        )}
      </div>
      {buttons.length > 0 && (
        <Group gap="xs" className={classes.buttons}>
          {buttons.map((button, index) => (
            <Button
              key={`${button.label}:${index}`}
              variant={button.kind === 'secondary' ? 'default' : 'filled'}
              leftSection={button.icon ? <NamedIcon name={button.icon} size={18} /> : undefined}
              disabled={button.disabled}
              loading={button.loading}
              onClick={button.onClick}
            >
              {button.label}
            </Button>
          ))}
        </Group>
      )}
    </section>
  );
}
