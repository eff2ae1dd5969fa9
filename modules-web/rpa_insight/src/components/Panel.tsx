import type { ReactNode } from 'react';
import { Group, Paper, Text, Title } from '@mantine/core';

interface PanelProps {
  /** The heading's id, which labels the panel. */
  id: string;
  title: string;
  /** Under the heading: what the figures count. */
  hint?: string;
  /** Beside the heading. */
  aside?: ReactNode;
  children: ReactNode;
}

/** A framed part of the dashboard with its heading. */
export function Panel({ id, title, hint, aside, children }: PanelProps) {
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby={id}
      miw={0}
      h="100%"
      data-testid={id.replace(/-title$/, '')}
    >
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm">
        <div>
          <Title order={2} size="h5" id={id}>
            {title}
          </Title>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </div>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}
