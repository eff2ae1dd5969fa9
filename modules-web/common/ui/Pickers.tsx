import { Select, type SelectProps } from '@mantine/core';

import { errorMessage } from '@common/lib/errors';
import { departmentChoices } from '@common/domain/people';
import { useDepartments, usePeople } from '@common/lib/queries';

type PickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string | null;
  onChange: (value: string | null) => void;
};

export interface ListSelectProps extends SelectProps {
  /** The query of the list chosen from. */
  source: { isPending: boolean; isError: boolean; error: unknown };
  /** What the list holds, plural: "people". */
  noun: string;
}

/**
 * A searchable select (clearable unless told otherwise) whose list loads: it says so while it
 * does, and why when it failed.
 */
export function ListSelect({ source, noun, placeholder = 'Select', error, ...props }: ListSelectProps) {
  return (
    <Select
      searchable
      clearable
      {...props}
      placeholder={source.isPending ? `Loading ${noun}…` : placeholder}
      error={error ?? (source.isError ? errorMessage(source.error) : undefined)}
      nothingFoundMessage={`No ${noun} match`}
    />
  );
}

/**
 * A department of the host's masters. Names that records still carry but the masters no longer
 * list (`stored`, and the value) stay selectable.
 */
export function DepartmentSelect({ stored = [], ...props }: PickerProps & { stored?: readonly (string | null)[] }) {
  const departments = useDepartments();
  const data = departmentChoices(departments.data ?? [], [props.value, ...stored]);
  return <ListSelect {...props} source={departments} noun="departments" data={data} />;
}

/** A user of the company (the plugin's directory). */
export function PersonSelect(props: PickerProps) {
  const people = usePeople();
  return <ListSelect {...props} source={people} noun="people" data={people.options} />;
}
