import { TextInput, Textarea } from '@mantine/core';

import { DESCRIPTION_MAX } from '../validation';

interface NameFieldsProps {
  values: { name: string; description: string };
  errors: { name?: string; description?: string };
  setValue: (field: 'name' | 'description', value: string) => void;
  descriptionPlaceholder?: string;
}

/** A process's name (focused first) and description, as the process and idea forms ask them. */
export function NameFields({ values, errors, setValue, descriptionPlaceholder }: NameFieldsProps) {
  return (
    <>
      <TextInput
        label="Name"
        value={values.name}
        onChange={(event) => setValue('name', event.currentTarget.value)}
        error={errors.name}
        required
        data-autofocus
      />
      <Textarea
        label="Description"
        placeholder={descriptionPlaceholder}
        value={values.description}
        onChange={(event) => setValue('description', event.currentTarget.value)}
        error={errors.description}
        maxLength={DESCRIPTION_MAX}
        autosize
        minRows={2}
        maxRows={8}
      />
    </>
  );
}
