import type { ReactNode } from 'react';
import { Group, Paper, Title } from '@mantine/core';

import classes from './RankingPage.module.css';

interface SectionProps {
  /** The heading's id, which labels the section. */
  id: string;
  title: string;
  /** Beside the heading (a count). */
  aside?: ReactNode;
  children: ReactNode;
}

/** A framed part of the page with its heading; it prints unbroken. */
export function Section({ id, title, aside, children }: SectionProps) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id} className={classes.section}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}
