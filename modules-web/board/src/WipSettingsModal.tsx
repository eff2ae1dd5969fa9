import { Loader, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useModuleApi, useNotify } from '@autoscope/web-sdk';

import { DialogForm } from '@common/ui/DialogForm';
import { useFormState, useFormSubmit } from '@common/lib/forms';
import { QueryError } from '@common/ui/QueryError';
import { ResponsiveModal } from '@common/ui/ResponsiveModal';
import { COLUMN_LABELS, boardApi, boardKeys, type WipSettings } from './api';
import { LIMITED_COLUMNS, wipErrors, wipForm, wipLimits, type LimitedColumn } from './wip';

interface WipSettingsModalProps {
  opened: boolean;
  userId: string;
  /** The board's own column labels. */
  labelOf: (key: LimitedColumn) => string;
  onClose: () => void;
}

/** The WIP limit of each column but the last (empty: no limit). */
export function WipSettingsModal({ opened, userId, labelOf, onClose }: WipSettingsModalProps) {
  return (
    <ResponsiveModal opened={opened} onClose={onClose} title="WIP limits" size="md">
      <WipSettingsBody userId={userId} labelOf={labelOf} onDone={onClose} />
    </ResponsiveModal>
  );
}

/** Mounted while the dialog is open: each opening reads the limits afresh (nothing is kept once it closes). */
function WipSettingsBody({ userId, labelOf, onDone }: Omit<WipFormViewProps, 'initial'>) {
  const api = useModuleApi();
  const settings = useQuery({
    queryKey: boardKeys.settings(userId),
    queryFn: ({ signal }) => boardApi.settings(api, signal),
    gcTime: 0,
  });

  if (settings.isPending) return <Loader aria-label="Loading the WIP limits" />;
  if (settings.isError) {
    return (
      <QueryError
        title="The WIP limits could not be loaded"
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  return <WipFormView initial={settings.data} userId={userId} labelOf={labelOf} onDone={onDone} />;
}

interface WipFormViewProps {
  initial: WipSettings;
  userId: string;
  labelOf: (key: LimitedColumn) => string;
  onDone: () => void;
}

function WipFormView({ initial, userId, labelOf, onDone }: WipFormViewProps) {
  const api = useModuleApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const form = useFormState(() => wipForm(initial));
  const { values, errors, setValue } = form;
  const save = useMutation({
    mutationFn: (wip: Record<LimitedColumn, number | null>) => boardApi.saveSettings(api, wip),
  });
  const submit = useFormSubmit(form, {
    validate: wipErrors,
    save: async (current) => {
      await save.mutateAsync(wipLimits(current));
      notify('WIP limits saved');
      void queryClient.invalidateQueries({ queryKey: boardKeys.boards(userId) });
      onDone();
    },
  });

  return (
    <DialogForm submit={submit} submitLabel="Save" onCancel={onDone}>
      <Text size="sm" c="dimmed">
        A column at its limit takes no more cards. Leave a field empty for no limit. {COLUMN_LABELS.closed} has no
        limit.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {LIMITED_COLUMNS.map((key) => (
          <TextInput
            key={key}
            label={labelOf(key)}
            inputMode="numeric"
            placeholder="No limit"
            value={values[key]}
            onChange={(event) => setValue(key, event.currentTarget.value)}
            error={errors[key]}
            maxLength={3}
          />
        ))}
      </SimpleGrid>
    </DialogForm>
  );
}
