import type { ReactNode } from 'react';
import { Group, Skeleton, Stack, UnstyledButton } from '@mantine/core';

import { dashboardClasses } from './Dashboard';
import classes from './CardList.module.css';

interface CardListProps {
  /** The list's accessible name: "Processes". */
  label: string;
  /** The first page is loading: placeholder cards show instead. */
  loading: boolean;
  /** The cards are of the previous filters or page while the new ones load. */
  stale: boolean;
  /** The `ItemCard`s. */
  children: ReactNode;
}

/**
 * A list's rows as cards, for a phone (`useIsMobile`), where its table would scroll sideways; the
 * table keeps the wider screens.
 */
export function CardList({ label, loading, stale, children }: CardListProps) {
  if (loading) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={label}>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height={92} />
        ))}
      </Stack>
    );
  }
  return (
    <ul className={`${classes.cards} ${stale ? dashboardClasses.stale : ''}`} aria-label={label} aria-busy={stale}>
      {children}
    </ul>
  );
}

interface ItemCardProps {
  /** The item's name: a button that opens it, and the whole card is its target. */
  title: ReactNode;
  onOpen: () => void;
  /** Beside the title: the item's status. */
  aside?: ReactNode;
  /** The item's actions menu, in the card's corner. */
  menu?: ReactNode;
  /** Under the title: badges and facts. */
  children?: ReactNode;
}

/** One card of a `CardList`: a tap anywhere on it opens the item, except on its menu. */
export function ItemCard({ title, onOpen, aside, menu, children }: ItemCardProps) {
  return (
    <li className={classes.card}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <UnstyledButton className={classes.open} onClick={onOpen}>
          {title}
        </UnstyledButton>
        {aside}
        {menu && <div className={classes.menu}>{menu}</div>}
      </Group>
      {children && (
        <Stack gap={6} mt={6}>
          {children}
        </Stack>
      )}
    </li>
  );
}
