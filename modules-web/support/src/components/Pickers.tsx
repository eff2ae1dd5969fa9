import type { SelectProps } from '@mantine/core';

import { ListSelect } from '@common/ui/Pickers';
import { useBots, useCategories, usePriorities, useProcesses } from '../api';
import { nameChoices } from '../vocabulary';

type PickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string | null;
  onChange: (value: string | null) => void;
};

/** A ticket category of the host's masters; a stored name they no longer list stays selectable. */
export function CategorySelect(props: PickerProps) {
  const categories = useCategories();
  const data = nameChoices(categories.data ?? [], props.value);
  return <ListSelect {...props} source={categories} noun="categories" data={data} />;
}

/** A ticket priority of the host's masters, in their order (most urgent first). */
export function PrioritySelect(props: PickerProps) {
  const priorities = usePriorities();
  const data = nameChoices(priorities.data ?? [], props.value);
  return <ListSelect {...props} source={priorities} noun="priorities" data={data} />;
}

/** A process of Process Vault; disabled when there are none (or no vault). */
export function ProcessSelect({ placeholder, disabled, ...props }: PickerProps) {
  const processes = useProcesses();
  const data = [...processes.options];
  // A stored process the list no longer has (deleted, or the vault removed) stays shown by its id.
  if (props.value && !processes.byId.has(props.value) && processes.isSuccess) {
    data.push({ value: props.value, label: props.value });
  }
  const none = processes.isSuccess && data.length === 0;
  return (
    <ListSelect
      {...props}
      source={processes}
      noun="processes"
      data={data}
      placeholder={none ? 'No processes in Process Vault' : placeholder}
      disabled={disabled || none}
    />
  );
}

/**
 * A bot of Bot Profile's inventory, by name (as its runs name it); disabled when there are none
 * (or no Bot Profile). A stored name the inventory no longer has, or an older ticket's free
 * text, stays shown and selectable.
 */
export function BotSelect({ placeholder, disabled, ...props }: PickerProps) {
  const bots = useBots();
  const data = nameChoices(bots.names, props.value);
  const none = bots.isSuccess && data.length === 0;
  return (
    <ListSelect
      {...props}
      source={bots}
      noun="bots"
      data={data}
      placeholder={none ? 'No bots in Bot Profile' : placeholder}
      disabled={disabled || none}
    />
  );
}
