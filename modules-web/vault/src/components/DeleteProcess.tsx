import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from '@autoscope/web-sdk';

import { ConfirmModal } from '@common/ui/ConfirmModal';
import { isConflict } from '@common/lib/errors';
import type { DialogProps } from '@common/ui/ResponsiveModal';
import { refetchStale, useDeleteProcess } from '../api';
import type { Process } from '../types';

interface DeleteProcessProps extends DialogProps {
  process: Process | null;
  onDeleted: (process: Process) => void;
}

/** Deletes a process after asking; its history and documents go with it. */
export function DeleteProcess({ process, onDeleted, ...dialog }: DeleteProcessProps) {
  const notify = useNotify();
  const client = useQueryClient();
  const remove = useDeleteProcess();

  const close = () => {
    remove.reset();
    dialog.onClose();
  };

  const confirm = async () => {
    if (!process) return;
    try {
      const answer = await remove.mutateAsync({ id: process.id, version: process.version });
      notify.success(answer.message);
      onDeleted(process);
      close();
    } catch (error) {
      // Changed meanwhile: the dialog shows the server's message; asking again uses the new version.
      if (isConflict(error)) refetchStale(client, process.id);
    }
  };

  return (
    <ConfirmModal
      {...dialog}
      onClose={close}
      title="Delete process"
      confirmLabel="Delete process"
      onConfirm={() => void confirm()}
      action={remove}
    >
      Delete “{process?.name}”? Its history and documents are deleted with it. This cannot be undone.
    </ConfirmModal>
  );
}
