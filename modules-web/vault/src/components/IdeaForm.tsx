import { Text } from '@mantine/core';
import { useNotify } from '@autoscope/web-sdk';

import { DialogForm } from '@common/ui/DialogForm';
import { useFormState, useFormSubmit } from '@common/lib/forms';
import { DepartmentSelect } from '@common/ui/Pickers';
import { ResponsiveModal, type DialogProps } from '@common/ui/ResponsiveModal';
import { useSubmitIdea } from '../api';
import type { Process } from '../types';
import { fieldOfServerMessage, nameError } from '../validation';
import { NameFields } from './NameFields';

interface IdeaFormProps extends DialogProps {
  onSubmitted: (process: Process) => void;
}

interface IdeaValues {
  name: string;
  description: string;
  department: string | null;
}

/** "Submit idea": any user proposes a process; it starts at stage Idea. */
export function IdeaForm({ onSubmitted, ...dialog }: IdeaFormProps) {
  return (
    <ResponsiveModal {...dialog} title="Submit an idea" size="lg">
      <IdeaFormBody onClose={dialog.onClose} onSubmitted={onSubmitted} />
    </ResponsiveModal>
  );
}

function IdeaFormBody({ onClose, onSubmitted }: Omit<IdeaFormProps, 'opened' | 'zIndex'>) {
  const notify = useNotify();
  const form = useFormState<IdeaValues>({ name: '', description: '', department: null });
  const { values, errors, setValue } = form;
  const submitIdea = useSubmitIdea();
  const submit = useFormSubmit(form, {
    validate: (current) => ({ name: nameError(current.name) }),
    fieldOf: fieldOfServerMessage,
    save: async (current) => {
      const process = await submitIdea.mutateAsync({
        name: current.name.trim(),
        description: current.description.trim(),
        department: current.department ?? '',
      });
      notify.success('Idea submitted');
      onSubmitted(process);
      onClose();
    },
  });

  return (
    <DialogForm submit={submit} submitLabel="Submit idea" onCancel={onClose}>
      <Text size="sm" c="dimmed">
        Describe a process that could be automated. It joins the vault at stage Idea, where it can be assessed.
      </Text>
      <NameFields
        values={values}
        errors={errors}
        setValue={setValue}
        descriptionPlaceholder="What is done, how often, and what makes it slow"
      />
      <DepartmentSelect
        label="Department"
        value={values.department}
        onChange={(value) => setValue('department', value)}
        error={errors.department}
      />
    </DialogForm>
  );
}
