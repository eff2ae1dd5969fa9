import { useNotify } from '@autoscope/web-sdk';

import { ConfirmModal } from '@common/ui/ConfirmModal';
import type { DialogProps } from '@common/ui/ResponsiveModal';
import { useDeleteRule } from '../api';
import type { Rule } from '../generated';

/** Deletes a rule after asking; its open incident closes, and its incidents stay in the history. */
export function DeleteRule({ rule, ...dialog }: DialogProps & { rule: Rule | null }) {
  const notify = useNotify();
  const remove = useDeleteRule();

  const close = () => {
    remove.reset();
    dialog.onClose();
  };

  const confirm = () => {
    if (!rule) return;
    remove.mutate(rule, {
      onSuccess: (answer) => {
        notify.success(answer?.message ?? 'Rule deleted');
        close();
      },
    });
  };

  return (
    <ConfirmModal
      {...dialog}
      onClose={close}
      title="Delete rule"
      confirmLabel="Delete rule"
      onConfirm={confirm}
      action={remove}
    >
      Delete “{rule?.name}”? Its open incident closes; its incidents stay in the history.
    </ConfirmModal>
  );
}
