import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

import { DialogForm } from '@common/ui/DialogForm';
import { useFormState, useFormSubmit } from '@common/lib/forms';
import { ResponsiveModal, type DialogProps } from '@common/ui/ResponsiveModal';
import { SeatsFullAlert, withSeatsFull } from './Failure';

interface ActionDialogProps extends DialogProps {
  title: string;
  /** What happens, said before anything is done. */
  children: ReactNode;
  submitLabel: string;
  /** Does it; rejects with the host's refusal, which the dialog shows (the seat limit with the upgrade link). */
  run: () => Promise<void>;
}

/** Asks before a change that takes nothing away (Ctrl+Enter confirms); closes once the host agreed. */
export function ActionDialog({ title, children, submitLabel, run, ...dialog }: ActionDialogProps) {
  return (
    <ResponsiveModal {...dialog} title={title}>
      <ActionBody submitLabel={submitLabel} run={run} onClose={dialog.onClose}>
        {children}
      </ActionBody>
    </ResponsiveModal>
  );
}

function ActionBody({
  children,
  submitLabel,
  run,
  onClose,
}: Pick<ActionDialogProps, 'children' | 'submitLabel' | 'run' | 'onClose'>) {
  const form = useFormState({});
  const { submit, seatsFull } = withSeatsFull(
    useFormSubmit(form, {
      save: async () => {
        await run();
        onClose();
      },
    }),
  );
  return (
    <DialogForm submit={submit} submitLabel={submitLabel} onCancel={onClose}>
      <Text size="sm">{children}</Text>
      {seatsFull && <SeatsFullAlert />}
    </DialogForm>
  );
}
