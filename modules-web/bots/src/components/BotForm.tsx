import { NumberInput, Select, SimpleGrid, TagsInput, TextInput, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentUser, useNotify } from '@autoscope/web-sdk';

import { DialogForm } from '@common/ui/DialogForm';
import { isConflict } from '@common/lib/errors';
import { useFormState, useFormSubmit } from '@common/lib/forms';
import { PersonSelect } from '@common/ui/Pickers';
import { ResponsiveModal, type DialogProps } from '@common/ui/ResponsiveModal';
import { refetchStale, useCreateBot, useProcessNames, useUpdateBot } from '../api';
import { VENDORS, type Bot } from '../types';
import { isBotType, isVendor } from '../urlState';
import {
  EMPTY_BOT,
  MACHINE_MAX,
  NAME_MAX,
  NOTES_MAX,
  SCHEDULE_MAX,
  botFormValues,
  botPayload,
  changedFields,
  fieldOfServerMessage,
  toNumberValue,
  validateBot,
} from '../validation';
import { TYPE_OPTIONS } from '../vocabulary';

interface BotFormProps extends DialogProps {
  /** The bot to edit; null to add one. */
  bot: Bot | null;
  currencyCode: string;
  onSaved: (bot: Bot) => void;
}

/** Add or edit a bot. Mounted afresh for each opening (see `useDialog`). */
export function BotForm({ bot, currencyCode, onSaved, ...dialog }: BotFormProps) {
  return (
    <ResponsiveModal {...dialog} title={bot ? `Edit ${bot.name}` : 'New bot'} size="lg">
      <BotFormBody bot={bot} currencyCode={currencyCode} onClose={dialog.onClose} onSaved={onSaved} />
    </ResponsiveModal>
  );
}

function BotFormBody({ bot, currencyCode, onClose, onSaved }: Omit<BotFormProps, 'opened' | 'zIndex'>) {
  const notify = useNotify();
  const client = useQueryClient();
  const user = useCurrentUser()?.id ?? '';
  const form = useFormState(() => (bot ? botFormValues(bot) : EMPTY_BOT));
  const { values, errors, setValue } = form;
  const processNames = useProcessNames();
  const create = useCreateBot();
  const update = useUpdateBot();
  const submit = useFormSubmit(form, {
    validate: validateBot,
    fieldOf: fieldOfServerMessage,
    save: async (current) => {
      let saved: Bot;
      if (bot) {
        const changes = changedFields(bot, current);
        if (Object.keys(changes).length === 0) {
          onClose();
          return;
        }
        saved = await update.mutateAsync({ id: bot.id, version: bot.version, changes });
      } else {
        saved = await create.mutateAsync(botPayload(current));
      }
      notify.success('Bot saved');
      onSaved(saved);
      onClose();
    },
    // Someone else saved first: the form opened again starts from their version.
    onFailure: (error) => {
      if (bot && isConflict(error)) refetchStale(client, user);
    },
  });

  const text = (field: 'name' | 'machine' | 'schedule', label: string, max: number, extra: object = {}) => (
    <TextInput
      label={label}
      value={values[field]}
      onChange={(event) => setValue(field, event.currentTarget.value)}
      error={errors[field]}
      maxLength={max}
      {...extra}
    />
  );

  return (
    <DialogForm submit={submit} submitLabel={bot ? 'Save changes' : 'Add bot'} onCancel={onClose}>
      {text('name', 'Name', NAME_MAX, {
        required: true,
        'data-autofocus': true,
        description: bot ? 'Runs name their bot by it: a bot with runs keeps its name' : 'As the orchestrator names it',
      })}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Type"
          data={TYPE_OPTIONS}
          value={values.type}
          onChange={(value) => isBotType(value) && setValue('type', value)}
          allowDeselect={false}
        />
        <Select
          label="Vendor"
          data={[...VENDORS]}
          value={values.vendor}
          onChange={(value) => isVendor(value) && setValue('vendor', value)}
          allowDeselect={false}
        />
        {text('machine', 'Machine', MACHINE_MAX, { placeholder: 'VM-01' })}
        <PersonSelect
          label="Owner"
          value={values.owner_id}
          onChange={(value) => setValue('owner_id', value)}
          error={errors.owner_id}
        />
        <NumberInput
          label="Licence cost per year"
          description={`In ${currencyCode}`}
          value={values.licence_cost}
          onChange={(value) => setValue('licence_cost', toNumberValue(value))}
          error={errors.licence_cost}
          min={0}
          allowNegative={false}
          decimalScale={2}
          thousandSeparator=","
          clampBehavior="none"
        />
        {text('schedule', 'Schedule', SCHEDULE_MAX, {
          placeholder: 'Mon-Fri 06:00-18:00',
          description: 'When it runs, in words',
        })}
      </SimpleGrid>
      <TagsInput
        label="Processes"
        description={
          processNames.data?.available === false
            ? 'Process names as the runs give them; press Enter after each'
            : 'Process Vault names; press Enter after each'
        }
        data={processNames.data?.names ?? []}
        value={values.processes}
        onChange={(value) => setValue('processes', value)}
        error={errors.processes}
        splitChars={[',', ';']}
        clearable
      />
      <Textarea
        label="Notes"
        value={values.notes}
        onChange={(event) => setValue('notes', event.currentTarget.value)}
        error={errors.notes}
        maxLength={NOTES_MAX}
        autosize
        minRows={2}
        maxRows={6}
      />
    </DialogForm>
  );
}
