import { ActionIcon, Text, Tooltip, UnstyledButton, type MantineFontSize } from '@mantine/core';
import { IconMathFunction } from '@tabler/icons-react';

import { formatValue, type OpenFigure } from '../figures';
import type { Currency } from '../types';
import classes from '../BusinessInsightPage.module.css';

interface FigureButtonProps {
  shown: OpenFigure;
  currency: Currency;
  onOpen: (figure: OpenFigure) => void;
  size?: MantineFontSize;
  fw?: number;
  testId?: string;
}

/** A figure's value that opens its formula and inputs. */
export function FigureButton({ shown, currency, onOpen, size = 'sm', fw, testId }: FigureButtonProps) {
  const value = formatValue(shown.figure.value, shown.figure.unit, currency);
  return (
    <UnstyledButton
      className={classes.figure}
      onClick={() => onOpen(shown)}
      aria-label={`${shown.title}, ${shown.context}: ${value}. Show the formula`}
      data-testid={testId}
    >
      <Text span fz={size} fw={fw}>
        {value}
      </Text>
    </UnstyledButton>
  );
}

/** The "open formula" icon beside a headline figure. */
export function FormulaIcon({ shown, onOpen, testId }: Omit<FigureButtonProps, 'currency' | 'size' | 'fw'>) {
  const label = `Open the formula of ${shown.title}`;
  return (
    <Tooltip label="Formula and inputs" withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={label}
        onClick={() => onOpen(shown)}
        data-testid={testId}
      >
        <IconMathFunction size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
