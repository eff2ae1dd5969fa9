import { useState } from 'react';
import { ActionIcon, Badge, Group, Input, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';

import { useLinkTargets } from '../api';
import type { Link, LinkKind } from '../types';

export const LINK_KINDS: { value: LinkKind; label: string }[] = [
  { value: 'process', label: 'Process' },
  { value: 'bot', label: 'Bot' },
  { value: 'ticket', label: 'Ticket' },
];

export const linkKindLabel = (kind: LinkKind) => LINK_KINDS.find((item) => item.value === kind)?.label ?? kind;

interface LinksFieldProps {
  value: Link[];
  onChange: (links: Link[]) => void;
  error?: string;
  max: number;
}

/** The processes, bots and tickets an event is about: searched by name (GET /link-targets). */
export function LinksField({ value, onChange, error, max }: LinksFieldProps) {
  const [kind, setKind] = useState<LinkKind>('process');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const targets = useLinkTargets(kind, q);
  const chosen = new Set(value.map((link) => `${link.kind}:${link.id}`));
  const options = (targets.data ?? [])
    .filter((target) => !chosen.has(`${target.kind}:${target.id}`))
    .map((target) => ({ value: target.id, label: target.label }));

  const add = (id: string | null) => {
    const target = targets.data?.find((item) => item.id === id);
    if (!target) return;
    onChange([...value, { kind: target.kind, id: target.id, label: target.label }]);
    setSearch('');
  };

  return (
    <Input.Wrapper label="Links" error={error}>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <Select
            aria-label="Link kind"
            data={LINK_KINDS}
            value={kind}
            onChange={(next) => next && setKind(next as LinkKind)}
            allowDeselect={false}
            w={120}
          />
          <Select
            aria-label={`Find a ${linkKindLabel(kind).toLowerCase()}`}
            placeholder={`Find a ${linkKindLabel(kind).toLowerCase()}`}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            data={options}
            value={null}
            onChange={add}
            filter={({ options: all }) => all}
            nothingFoundMessage={targets.isFetching ? 'Searching…' : 'Nothing found'}
            disabled={value.length >= max}
            style={{ flex: 1 }}
          />
        </Group>
        {value.length > 0 && (
          <Group gap="xs">
            {value.map((link) => (
              <Badge
                key={`${link.kind}:${link.id}`}
                variant="light"
                tt="none"
                rightSection={
                  <ActionIcon
                    size="xs"
                    variant="transparent"
                    aria-label={`Remove ${link.label}`}
                    onClick={() => onChange(value.filter((item) => item !== link))}
                  >
                    <IconX size={12} />
                  </ActionIcon>
                }
              >
                {linkKindLabel(link.kind)}: {link.label}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
