import { useQueryClient } from '@tanstack/react-query';
import { useCurrentUser, useNotify } from '@autoscope/web-sdk';

import { ConfirmModal } from '@common/ui/ConfirmModal';
import { isConflict } from '@common/lib/errors';
import type { DialogProps } from '@common/ui/ResponsiveModal';
import { refetchStale, useDeleteBot } from '../api';
import type { Bot } from '../types';

interface DeleteBotProps extends DialogProps {
  bot: Bot | null;
  onDeleted: (bot: Bot) => void;
}

/** Deletes a bot from the inventory after asking; its runs stay. */
export function DeleteBot({ bot, onDeleted, ...dialog }: DeleteBotProps) {
  const notify = useNotify();
  const client = useQueryClient();
  const user = useCurrentUser()?.id ?? '';
  const remove = useDeleteBot();

  const close = () => {
    remove.reset();
    dialog.onClose();
  };

  const confirm = async () => {
    if (!bot) return;
    try {
      const answer = await remove.mutateAsync({ id: bot.id, version: bot.version });
      notify.success(answer.message);
      onDeleted(bot);
      close();
    } catch (error) {
      // Changed meanwhile: the dialog shows the server's message; asking again uses the new version.
      if (isConflict(error)) refetchStale(client, user);
    }
  };

  return (
    <ConfirmModal
      {...dialog}
      onClose={close}
      title="Delete bot"
      confirmLabel="Delete bot"
      onConfirm={() => void confirm()}
      action={remove}
    >
      Delete “{bot?.name}” from the inventory? Its runs stay and still count in the figures, as a bot outside the
      inventory.
    </ConfirmModal>
  );
}
