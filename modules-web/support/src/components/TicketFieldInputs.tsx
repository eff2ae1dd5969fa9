import { SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';

import type { FormErrors } from '@common/lib/forms';
import { PersonSelect } from '@common/ui/Pickers';
import { DESCRIPTION_MAX, TITLE_MAX, type TicketFormValues } from '../validation';
import { BotSelect, CategorySelect, PrioritySelect, ProcessSelect } from './Pickers';

interface TicketFieldInputsProps {
  values: TicketFormValues;
  errors: FormErrors<TicketFormValues>;
  setValue: <K extends keyof TicketFormValues>(field: K, value: TicketFormValues[K]) => void;
  /** Focus the title when the form opens. */
  autoFocus?: boolean;
}

/** The fields a ticket is created and edited with: the create dialog and the details share them. */
export function TicketFieldInputs({ values, errors, setValue, autoFocus }: TicketFieldInputsProps) {
  return (
    <>
      <TextInput
        label="Title"
        required
        value={values.title}
        onChange={(event) => setValue('title', event.currentTarget.value)}
        error={errors.title}
        maxLength={TITLE_MAX}
        data-autofocus={autoFocus || undefined}
      />
      <Textarea
        label="Description"
        value={values.description}
        onChange={(event) => setValue('description', event.currentTarget.value)}
        error={errors.description}
        autosize
        minRows={3}
        maxRows={12}
        maxLength={DESCRIPTION_MAX}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <CategorySelect
          label="Category"
          placeholder="None"
          value={values.category}
          onChange={(value) => setValue('category', value)}
          error={errors.category}
        />
        <PrioritySelect
          label="Priority"
          required
          clearable={false}
          allowDeselect={false}
          value={values.priority}
          onChange={(value) => value && setValue('priority', value)}
          error={errors.priority}
        />
        <PersonSelect
          label="Assignee"
          placeholder="Unassigned"
          value={values.assignee_id}
          onChange={(value) => setValue('assignee_id', value)}
          error={errors.assignee_id}
        />
        <ProcessSelect
          label="Process"
          placeholder="None"
          value={values.process_id}
          onChange={(value) => setValue('process_id', value)}
          error={errors.process_id}
        />
      </SimpleGrid>
      <BotSelect
        label="Bot"
        description="The bot of Bot Profile involved, if any"
        placeholder="None"
        leftSection={<IconRobot size={16} />}
        value={values.bot_id}
        onChange={(value) => setValue('bot_id', value)}
        error={errors.bot_id}
      />
    </>
  );
}
