import type { ReactNode } from 'react';
import { Button, EmptyState } from '@mantine/core';
import { IconFilterOff, type TablerIcon } from '@tabler/icons-react';

interface EmptyNoticeProps {
  icon: TablerIcon;
  title: string;
  description: string;
  /** Buttons that lead on (add the first one, clear the filters). */
  children?: ReactNode;
}

/** Nothing to show yet (or nothing matches): what and why, and what to do. */
export function EmptyNotice({ icon: IconComponent, title, description, children }: EmptyNoticeProps) {
  return (
    <EmptyState
      icon={<IconComponent size={28} />}
      withIndicatorBackground
      title={title}
      description={description}
      py="xl"
    >
      {children && <EmptyState.Actions>{children}</EmptyState.Actions>}
    </EmptyState>
  );
}

interface NoMatchNoticeProps {
  /** `No processes match these filters`. */
  title: string;
  description: string;
  onClear: () => void;
}

/** A filtered list that came back empty: what to try, and "Clear filters". */
export function NoMatchNotice({ title, description, onClear }: NoMatchNoticeProps) {
  return (
    <EmptyNotice icon={IconFilterOff} title={title} description={description}>
      <Button variant="light" onClick={onClear}>
        Clear filters
      </Button>
    </EmptyNotice>
  );
}
