import type { CSSProperties } from 'react';
import { Anchor, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';

import { cellLabel, dayLabel, heatLevel, LEVEL_LABELS, markedDays, NON_WORKING_KINDS, startsWeek } from '../heatmap';
import { formatUtilisation } from '../figures';
import type { Heatmap } from '../types';
import classes from './UtilisationHeatmap.module.css';

interface UtilisationHeatmapProps {
  heatmap: Heatmap;
  /** Opens a bot of the inventory. */
  onOpen: (id: string) => void;
}

/**
 * Days × bots, each cell coloured by the bot's utilisation that day; it scrolls sideways when wide.
 * Calendar's holidays and maintenance windows mark their days' columns.
 */
export function UtilisationHeatmap({ heatmap, onOpen }: UtilisationHeatmapProps) {
  const grid = { '--days': heatmap.days.length } as CSSProperties;
  const marked = markedDays(heatmap.non_working);
  const kinds = [...new Set([...marked.values()].map((day) => day.kind))].sort();
  return (
    <Stack gap="sm">
      <div className={classes.scroll}>
        <div className={classes.grid} style={grid} role="table" aria-label="Utilisation per bot and day">
          <div role="row" className={classes.row}>
            <div role="columnheader" className={classes.corner}>
              Bot
            </div>
            {heatmap.days.map((day, index) => {
              const mark = marked.get(day);
              return (
                <Tooltip key={day} label={mark?.label} disabled={!mark} withArrow openDelay={100}>
                  <div
                    role="columnheader"
                    className={classes.day}
                    data-week={startsWeek(day) || undefined}
                    data-non-working={mark?.kind}
                    aria-label={mark ? `${dayLabel(day)}, ${mark.label}` : dayLabel(day)}
                  >
                    {/* Every seventh day is named; the others by the tooltip of their cells. */}
                    {index % 7 === 0 ? dayLabel(day).slice(4) : ''}
                  </div>
                </Tooltip>
              );
            })}
            <div role="columnheader" className={classes.average}>
              Average
            </div>
          </div>
          {heatmap.bots.map((row) => (
            <div role="row" key={row.bot} className={classes.row}>
              <div role="rowheader" className={classes.name}>
                {row.id ? (
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    onClick={() => row.id && onOpen(row.id)}
                    className={classes.link}
                  >
                    {row.bot}
                  </Anchor>
                ) : (
                  <Tooltip label="Not in the inventory: known from its runs only" withArrow>
                    <Text size="sm" c="dimmed" fs="italic" truncate>
                      {row.bot}
                    </Text>
                  </Tooltip>
                )}
              </div>
              {heatmap.days.map((day, index) => {
                const utilisation = row.utilisation[index] ?? 0;
                const mark = marked.get(day);
                const label = cellLabel(row.bot, day, utilisation, row.busy_seconds[index] ?? 0, mark);
                return (
                  <Tooltip key={day} label={label} withArrow openDelay={100}>
                    <UnstyledButton
                      role="cell"
                      aria-label={label}
                      className={`${classes.cell} ${classes.level}`}
                      data-level={heatLevel(utilisation)}
                      data-non-working={mark?.kind}
                    />
                  </Tooltip>
                );
              })}
              <div role="cell" className={classes.average}>
                {formatUtilisation(row.average)}
              </div>
            </div>
          ))}
        </div>
      </div>
      <Group gap="md" wrap="wrap" aria-label="Legend">
        {LEVEL_LABELS.map((label, level) => (
          <Group key={label} gap={6} wrap="nowrap">
            <span className={`${classes.swatch} ${classes.level}`} data-level={level} aria-hidden />
            <Text size="xs">{label}</Text>
          </Group>
        ))}
        {kinds.map((kind) => (
          <Group key={kind} gap={6} wrap="nowrap">
            <span className={`${classes.swatch} ${classes.level}`} data-level={0} data-non-working={kind} aria-hidden />
            <Text size="xs">{NON_WORKING_KINDS[kind]} (Calendar)</Text>
          </Group>
        ))}
      </Group>
      <Text size="xs" c="dimmed">
        {heatmap.formula}. A run counts on the day it started; runs still going on count when they end.
      </Text>
    </Stack>
  );
}
