import type { ReactNode } from 'react';
import { Paper } from '@mantine/core';

import classes from './ListLayout.module.css';

interface ListLayoutProps {
  /** The page's test id (`vault-page`). */
  testId: string;
  /** The filter bar. */
  filters: ReactNode;
  /** The list, its paging, or why there is none. */
  results: ReactNode;
  /** The drawer and dialogs the page opens. */
  children?: ReactNode;
}

/** A list page: the filters on a paper, then the results on another; tighter on a phone. */
export function ListLayout({ testId, filters, results, children }: ListLayoutProps) {
  return (
    <div className={classes.page} data-testid={testId}>
      <Paper withBorder p="md" radius="md">
        {filters}
      </Paper>
      <Paper withBorder p="md" radius="md" className={classes.results}>
        {results}
      </Paper>
      {children}
    </div>
  );
}
