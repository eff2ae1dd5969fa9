import { useEffect, useState } from 'react';
import { Alert, Drawer, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

import cells from '@common/ui/Cells.module.css';
import { useIsMobile } from '@common/ui/mobile';
import { formatValue, type OpenFigure } from '../figures';
import type { Currency } from '../types';
import classes from '../BusinessInsightPage.module.css';

interface FormulaDrawerProps {
  /** The figure open; null when the drawer is closed. */
  shown: OpenFigure | null;
  currency: Currency;
  onClose: () => void;
}

/** A figure opened: its value, the formula in words and every input, so that anyone can redo the sum. */
export function FormulaDrawer({ shown, currency, onClose }: FormulaDrawerProps) {
  const mobile = useIsMobile();
  // The last figure stays while the drawer slides out.
  const [last, setLast] = useState(shown);
  useEffect(() => {
    if (shown) setLast(shown);
  }, [shown]);
  const open = shown ?? last;

  return (
    <Drawer
      opened={shown !== null}
      onClose={onClose}
      position={mobile ? 'bottom' : 'right'}
      size={mobile ? 'auto' : 'md'}
      title={open ? open.title : 'Formula'}
      data-testid="formula-drawer"
    >
      {open && (
        <Stack gap="md">
          <div>
            <Text size="sm" c="dimmed">
              {open.context}
            </Text>
            <Title order={3} size="h2" data-testid="formula-value">
              {formatValue(open.figure.value, open.figure.unit, currency)}
            </Title>
          </div>
          <div>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={4}>
              Formula
            </Text>
            <Text size="sm" className={classes.formula} data-testid="formula-text">
              {open.figure.formula}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={4}>
              Inputs
            </Text>
            {open.figure.inputs.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nothing counted: every part is 0.
              </Text>
            ) : (
              <Table verticalSpacing={4} aria-label="Inputs" data-testid="formula-inputs">
                <Table.Tbody>
                  {open.figure.inputs.map((input, index) => (
                    <Table.Tr key={`${index}-${input.label}`}>
                      <Table.Td className={cells.name}>{input.label}</Table.Td>
                      <Table.Td className={cells.numeric}>{formatValue(input.value, input.unit, currency)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </div>
          {open.figure.note && (
            <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} data-testid="formula-note">
              {open.figure.note}
            </Alert>
          )}
          <Text size="xs" c="dimmed">
            Money is in {currency.code} ({currency.symbol}). Values are rounded to 2 decimals; the figure is computed
            from the unrounded inputs.
          </Text>
        </Stack>
      )}
    </Drawer>
  );
}
