import { UPGRADE } from '@autoscope/web-sdk';
import { Badge, Checkbox, Code, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

import type { Right, Rights, RightsKey } from '../api';
import { isLocked, shownRight } from '../rights';
import classes from '../TeamMasterPage.module.css';

interface RightsMatrixProps {
  keys: readonly RightsKey[];
  edition: string;
  rights: Rights;
  /** None: read only. */
  onChange?: (key: string, field: keyof Right, value: boolean) => void;
  /** The role's name, for the table's accessible name. */
  roleName: string;
}

/**
 * One row per rights key of the installed modules: may the role's members view it, and is
 * it disabled (shown greyed, not opened). Premium keys of a community company stay disabled.
 */
export function RightsMatrix({ keys, edition, rights, onChange, roleName }: RightsMatrixProps) {
  return (
    <Table.ScrollContainer minWidth={420} type="native">
      <Table verticalSpacing="xs" aria-label={`Rights of ${roleName}`} data-testid="rights-matrix">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Module</Table.Th>
            <Table.Th scope="col" className={classes.check}>
              View
            </Table.Th>
            <Table.Th scope="col" className={classes.check}>
              Disabled
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => {
            const locked = isLocked(key, edition);
            const right = shownRight(rights, key, edition);
            const box = (field: keyof Right, label: string) => {
              const checkbox = (
                <Checkbox
                  aria-label={`${label}: ${key.label}`}
                  checked={right[field]}
                  disabled={locked || !onChange}
                  onChange={(event) => onChange?.(key.key, field, event.currentTarget.checked)}
                />
              );
              // A disabled input takes no pointer events: the tooltip is on its wrapper.
              return locked ? (
                <Tooltip label={UPGRADE.label} withinPortal={false}>
                  <span>{checkbox}</span>
                </Tooltip>
              ) : (
                checkbox
              );
            };
            return (
              <Table.Tr key={key.key} data-key={key.key} className={locked ? classes.locked : undefined}>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <Text size="sm" fw={500}>
                      {key.label}
                    </Text>
                    <Code fz="xs">{key.key}</Code>
                    {locked && (
                      <Badge
                        component={Link}
                        to={UPGRADE.path}
                        size="xs"
                        variant="light"
                        color="yellow"
                        leftSection={<IconLock size={10} aria-hidden />}
                        style={{ cursor: 'pointer' }}
                      >
                        {UPGRADE.label}
                      </Badge>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td className={classes.check}>{box('view', 'View')}</Table.Td>
                <Table.Td className={classes.check}>{box('disabled', 'Disabled')}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
