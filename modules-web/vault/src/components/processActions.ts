import { IconEdit, IconListCheck, IconTrash, type TablerIcon } from '@tabler/icons-react';

import type { Process } from '../types';

/** What the page does when a process is opened, edited, assessed or deleted. */
export interface ProcessActions {
  onOpen: (process: Process) => void;
  onEdit: (process: Process) => void;
  onAssess: (process: Process) => void;
  onDelete: (process: Process) => void;
}

/** The actions that change a process, as the row menu and the overview offer them; Delete last, in red. */
export const CHANGE_ACTIONS: readonly {
  action: Exclude<keyof ProcessActions, 'onOpen'>;
  label: string;
  icon: TablerIcon;
  danger?: boolean;
}[] = [
  { action: 'onEdit', label: 'Edit', icon: IconEdit },
  { action: 'onAssess', label: 'Assess', icon: IconListCheck },
  { action: 'onDelete', label: 'Delete', icon: IconTrash, danger: true },
];
