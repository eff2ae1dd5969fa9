import { Button, Modal, Stack, Text } from '@mantine/core';

import type { Scope } from '../types';

export const SCOPES: { value: Scope; label: string }[] = [
  { value: 'this', label: 'Only this event' },
  { value: 'following', label: 'This and following' },
  { value: 'all', label: 'All events' },
];

interface ScopeModalProps {
  opened: boolean;
  /** `Move recurring event`, `Delete recurring event`. */
  title: string;
  onChoose: (scope: Scope) => void;
  onCancel: () => void;
  /** The chosen change is being sent. */
  pending?: boolean;
  zIndex?: number;
}

/** Which occurrences of a series a change reaches. */
export function ScopeModal({ opened, title, onChoose, onCancel, pending = false, zIndex }: ScopeModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered size="sm" zIndex={zIndex}>
      <Stack gap="sm">
        <Text size="sm">This event repeats. Which events should change?</Text>
        {SCOPES.map((scope, index) => (
          <Button
            key={scope.value}
            variant={index === 0 ? 'filled' : 'light'}
            onClick={() => onChoose(scope.value)}
            disabled={pending}
            data-autofocus={index === 0 || undefined}
          >
            {scope.label}
          </Button>
        ))}
        <Button variant="default" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </Stack>
    </Modal>
  );
}
