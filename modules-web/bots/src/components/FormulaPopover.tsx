import { Code, Popover, Stack, Table, Text, UnstyledButton } from '@mantine/core';

import { formatInput } from '../figures';
import type { Currency, Figure } from '../types';
import cells from '@common/ui/Cells.module.css';
import classes from '../BotProfilePage.module.css';

interface FormulaPopoverProps {
  /** What the figure is, for the button's label ("Cost of Alpha"). */
  title: string;
  figure: Figure;
  /** The figure as shown. */
  children: string;
  currency: Currency;
}

/** A figure that opens how it was computed: the formula, its inputs and the result. */
export function FormulaPopover({ title, figure, children, currency }: FormulaPopoverProps) {
  return (
    <Popover width={360} position="bottom" withArrow shadow="md">
      <Popover.Target>
        <UnstyledButton className={classes.figure} aria-label={`${title}: ${children}. Show the formula`}>
          {children}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {title}
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap' }}>
            {figure.formula}
          </Code>
          {figure.inputs.length > 0 && (
            <Table fz="xs" verticalSpacing={4}>
              <Table.Tbody>
                {figure.inputs.map((input, index) => (
                  <Table.Tr key={index}>
                    <Table.Td className={cells.name}>{input.label}</Table.Td>
                    <Table.Td className={cells.numeric}>{formatInput(input, currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Text size="sm">
            = <strong>{children}</strong>
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
