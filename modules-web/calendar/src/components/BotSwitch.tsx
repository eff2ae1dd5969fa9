import { Group, Popover, Switch, Text, UnstyledButton, List } from '@mantine/core';

import type { BotLayer } from '../types';

interface BotSwitchProps {
  /** The visible range's bot layer; undefined while it loads. */
  layer: BotLayer | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** Shows the bots' run windows as a read-only layer; off (and why) when Bot Profile is not there. */
export function BotSwitch({ layer, checked, onChange }: BotSwitchProps) {
  const unavailable = layer?.available === false;
  const unscheduled = layer?.available ? layer.unscheduled : [];
  return (
    <Group gap="xs" wrap="nowrap">
      <Switch
        label="Bot schedules"
        checked={checked && !unavailable}
        disabled={unavailable}
        onChange={(event) => onChange(event.currentTarget.checked)}
        description={unavailable ? 'Bot Profile is not installed or not open to you' : undefined}
      />
      {checked && unscheduled.length > 0 && (
        <Popover width={300} position="bottom-end" withArrow>
          <Popover.Target>
            <UnstyledButton aria-label={`${unscheduled.length} bots not drawn`}>
              <Text size="xs" c="dimmed" td="underline" component="span">
                {unscheduled.length} not drawn
              </Text>
            </UnstyledButton>
          </Popover.Target>
          <Popover.Dropdown>
            <Text size="sm" mb="xs">
              These bots' schedules are not in a form the calendar can draw:
            </Text>
            <List size="sm">
              {unscheduled.map((item) => (
                <List.Item key={`${item.bot}:${item.schedule}`}>
                  {item.bot}: {item.schedule}
                </List.Item>
              ))}
            </List>
          </Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
}
