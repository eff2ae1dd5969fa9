import { Fragment, useState } from 'react';
import { ActionIcon, Alert, Badge, Paper, SimpleGrid, Table, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconInfoCircle } from '@tabler/icons-react';

import { formatMoney, formatNumber } from '@common/lib/format';
import { formatMonths } from '../figures';
import type { BotCalculation, Calculation, Currency, FigureKey, Figures } from '../types';
import { FormulaPopover } from './FormulaPopover';
import cells from '@common/ui/Cells.module.css';

const FIGURE_LABELS: Readonly<Record<FigureKey, string>> = {
  cost: 'Cost',
  hours: 'Hours saved',
  savings: 'Savings',
  net_benefit: 'Net benefit',
  payback_months: 'Payback',
};

function figureText(key: FigureKey, value: number | null, currency: Currency): string {
  if (key === 'hours') return `${formatNumber(value, true)} h`;
  if (key === 'payback_months') return formatMonths(value);
  return formatMoney(value, currency);
}

interface FiguresProps {
  calculation: Calculation;
}

/** The company's totals, each opening its formula. */
export function CalculationTotals({ calculation }: FiguresProps) {
  const { totals, currency } = calculation;
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, lg: 5 }}
      spacing="sm"
      component="ul"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
      aria-label="Totals"
    >
      {(Object.keys(FIGURE_LABELS) as FigureKey[]).map((key) => (
        <Paper key={key} withBorder p="sm" component="li">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {FIGURE_LABELS[key]}
          </Text>
          <Text fz="xl" fw={700} c={key === 'net_benefit' && totals.net_benefit < 0 ? 'red' : undefined}>
            <FormulaPopover title={`${FIGURE_LABELS[key]}, all bots`} figure={totals.figures[key]} currency={currency}>
              {figureText(key, totals.figures[key].value, currency)}
            </FormulaPopover>
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function FigureCell({
  bot,
  figures,
  name,
  currency,
}: {
  bot: string;
  figures: Figures;
  name: FigureKey;
  currency: Currency;
}) {
  const value = figures[name].value;
  return (
    <Table.Td className={cells.numeric} c={name === 'net_benefit' && (value ?? 0) < 0 ? 'red' : undefined}>
      <FormulaPopover title={`${FIGURE_LABELS[name]} of ${bot}`} figure={figures[name]} currency={currency}>
        {figureText(name, value, currency)}
      </FormulaPopover>
    </Table.Td>
  );
}

function ProcessRows({ bot, currency }: { bot: BotCalculation; currency: Currency }) {
  if (bot.processes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No successful run in the range and no process assigned.
      </Text>
    );
  }
  return (
    <Table fz="xs" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Process</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Items</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Handling</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Hourly cost</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Hours saved</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Savings</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {bot.processes.map((line) => (
          <Table.Tr key={line.process}>
            <Table.Td className={cells.name}>
              {line.process}{' '}
              {!line.known && (
                <Badge size="xs" color="orange" variant="light">
                  not in Process Vault
                </Badge>
              )}
            </Table.Td>
            <Table.Td className={cells.numeric}>{formatNumber(line.items)}</Table.Td>
            <Table.Td className={cells.numeric}>
              {line.handling_minutes == null ? '—' : `${formatNumber(line.handling_minutes, true)} min`}
            </Table.Td>
            <Table.Td className={cells.numeric}>{formatMoney(line.hourly_cost, currency)}</Table.Td>
            <Table.Td className={cells.numeric}>{formatNumber(line.hours, true)}</Table.Td>
            <Table.Td className={cells.numeric}>{formatMoney(line.money, currency)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Each bot's cost against its savings; every figure opens its formula and a row its processes. */
export function CalculationTable({ calculation }: FiguresProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const currency = calculation.currency;
  const toggle = (bot: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(bot)) next.delete(bot);
      else next.add(bot);
      return next;
    });
  return (
    <>
      {!calculation.vault_available && (
        <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />}>
          Process Vault is not installed: without its handling times and hourly costs no savings can be computed.
        </Alert>
      )}
      <Table.ScrollContainer minWidth={960} type="native">
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th aria-label="Processes" />
              <Table.Th>Bot</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Licence / year</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Items</Table.Th>
              {(Object.keys(FIGURE_LABELS) as FigureKey[]).map((key) => (
                <Table.Th key={key} style={{ textAlign: 'right' }}>
                  {FIGURE_LABELS[key]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {calculation.bots.map((bot) => (
              <Fragment key={bot.bot}>
                <Table.Tr>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      onClick={() => toggle(bot.bot)}
                      aria-expanded={open.has(bot.bot)}
                      aria-label={`${open.has(bot.bot) ? 'Hide' : 'Show'} the processes of ${bot.bot}`}
                    >
                      {open.has(bot.bot) ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                    </ActionIcon>
                  </Table.Td>
                  <Table.Td className={cells.name}>
                    {bot.id ? (
                      bot.bot
                    ) : (
                      <Tooltip label="Not in the inventory: no licence cost is known" withArrow>
                        <Text span size="sm" fs="italic">
                          {bot.bot}
                        </Text>
                      </Tooltip>
                    )}
                  </Table.Td>
                  <Table.Td className={cells.numeric}>{formatMoney(bot.licence_cost, currency)}</Table.Td>
                  <Table.Td className={cells.numeric}>{formatNumber(bot.items)}</Table.Td>
                  {(Object.keys(FIGURE_LABELS) as FigureKey[]).map((key) => (
                    <FigureCell key={key} bot={bot.bot} figures={bot.figures} name={key} currency={currency} />
                  ))}
                </Table.Tr>
                {open.has(bot.bot) && (
                  <Table.Tr>
                    <Table.Td />
                    <Table.Td colSpan={8}>
                      <ProcessRows bot={bot} currency={currency} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
