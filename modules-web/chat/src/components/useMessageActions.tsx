import { useNotify } from '@autoscope/web-sdk';

import { ConfirmModal } from '@common/ui/ConfirmModal';
import { useDialog } from '@common/ui/dialogs';
import { useDeleteMessage, useToggleReaction } from '../api';
import type { MessageView } from '../types';
import type { MessageActions } from './MessageItem';

/** Reactions, edit (in the composer) and delete (after asking) for the messages of a list. */
export function useMessageActions(
  onEdit: (message: MessageView) => void,
  onOpenThread?: (message: MessageView) => void,
) {
  const notify = useNotify();
  const react = useToggleReaction();
  const remove = useDeleteMessage();
  const confirm = useDialog<MessageView>();

  const actions: MessageActions = {
    onReact: (message, emoji) => react.mutate({ id: message.id, emoji }, { onError: (error) => notify.error(error) }),
    onEdit,
    onDelete: (message) => {
      remove.reset();
      confirm.open(message);
    },
    onOpenThread,
  };

  const dialog = (
    <ConfirmModal
      {...confirm.props}
      title="Delete message"
      confirmLabel="Delete"
      action={remove}
      onConfirm={() => {
        if (!confirm.target) return;
        remove.mutate(confirm.target.id, { onSuccess: () => confirm.close() });
      }}
    >
      The message is deleted for everyone; “This message was deleted” stays in its place.
    </ConfirmModal>
  );
  return { actions, dialog };
}
