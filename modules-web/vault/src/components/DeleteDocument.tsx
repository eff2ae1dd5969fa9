import { useNotify } from '@autoscope/web-sdk';

import type { DialogProps } from '../../../common/src/ResponsiveModal';
import { useDeleteDocument } from '../api';
import type { DocumentMeta } from '../types';
import { ConfirmModal } from './ConfirmModal';

interface DeleteDocumentProps extends DialogProps {
  processId: string;
  document: DocumentMeta | null;
}

/** Deletes one document of a process after asking. */
export function DeleteDocument({ processId, document, ...dialog }: DeleteDocumentProps) {
  const notify = useNotify();
  const remove = useDeleteDocument(processId);

  const confirm = async () => {
    if (!document) return;
    try {
      const answer = await remove.mutateAsync(document.id);
      notify.success(answer.message);
      dialog.onClose();
    } catch {
      // Shown in the dialog with the server's message.
    }
  };

  return (
    <ConfirmModal
      {...dialog}
      title="Delete document"
      confirmLabel="Delete"
      onConfirm={() => void confirm()}
      action={remove}
    >
      Delete “{document?.name}”? This cannot be undone.
    </ConfirmModal>
  );
}
