import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

import classes from './ScrollTable.module.css';

interface ScrollTableProps {
  /** The width under which the table scrolls sideways inside its card (the page never does). */
  minWidth: number;
  /** The first column is a narrow number (a ticket's #) before the name: both stay in view. */
  numbered?: boolean;
  /** The `Table`. */
  children: ReactNode;
}

/** A wide table in its card: it scrolls sideways there, and its name column stays in view meanwhile. */
export function ScrollTable({ minWidth, numbered = false, children }: ScrollTableProps) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      className={`${classes.scroll} ${numbered ? classes.numbered : ''}`}
    >
      {children}
    </Table.ScrollContainer>
  );
}
