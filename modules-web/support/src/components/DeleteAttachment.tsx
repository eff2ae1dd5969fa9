import { useNotify } from '@autoscope/web-sdk';

import { ConfirmModal } from '../../../common/src/ConfirmModal';
import type { DialogProps } from '../../../common/src/ResponsiveModal';
import { useDeleteAttachment } from '../api';
import type { AttachmentMeta } from '../types';

interface DeleteAttachmentProps extends DialogProps {
  ticketId: string;
  attachment: AttachmentMeta | null;
}

/** Deletes one attachment of a ticket after asking. */
export function DeleteAttachment({ ticketId, attachment, ...dialog }: DeleteAttachmentProps) {
  const notify = useNotify();
  const remove = useDeleteAttachment(ticketId);

  const confirm = async () => {
    if (!attachment) return;
    try {
      const answer = await remove.mutateAsync(attachment.id);
      notify.success(answer.message);
      dialog.onClose();
    } catch {
      // Shown in the dialog with the server's message.
    }
  };

  return (
    <ConfirmModal
      {...dialog}
      title="Delete attachment"
      confirmLabel="Delete"
      onConfirm={() => void confirm()}
      action={remove}
    >
      Delete “{attachment?.name}”? This cannot be undone.
    </ConfirmModal>
  );
}
