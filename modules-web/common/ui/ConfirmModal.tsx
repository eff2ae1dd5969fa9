import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';

import { errorMessage } from '@common/lib/errors';
import type { DialogProps } from './ResponsiveModal';

interface ConfirmModalProps extends DialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** The action asked for: running while pending, and its failure shown with the server's message. */
  action: { isPending: boolean; error: unknown };
}

/** Asks before a destructive action; the confirm button is red and focused last, Cancel first. */
export function ConfirmModal({ title, children, confirmLabel, onConfirm, action, ...dialog }: ConfirmModalProps) {
  return (
    <Modal {...dialog} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        {action.error != null && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(action.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={dialog.onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={action.isPending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
