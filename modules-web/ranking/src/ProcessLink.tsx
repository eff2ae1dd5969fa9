import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

import { recordRoute } from '@common/domain/links';
import type { RankedProcess } from './api';

/** The process's name, a link that opens it in Process Vault (its own click: a new tab with a modifier key). */
export function ProcessLink({ item, size }: { item: RankedProcess; size?: string }) {
  return (
    <Anchor
      component={Link}
      to={recordRoute('process', item.id)}
      fw={600}
      size={size}
      onClick={(event) => event.stopPropagation()}
    >
      {item.name}
    </Anchor>
  );
}
