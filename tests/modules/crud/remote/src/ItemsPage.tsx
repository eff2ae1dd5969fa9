import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button, Group, Loader, Paper, Table, Text, TextInput, useMantineTheme } from '@mantine/core';
import { isAbortError, useModuleApi, useNotify, usePageTitle } from '@autoscope/web-sdk';

import type { Item, ItemsPage as ItemsAnswer } from './items';
import classes from './ItemsPage.module.css';

/** The test module's page: lists `items` through the module API and adds one. */
export default function ItemsPage() {
  const api = useModuleApi();
  const notify = useNotify();
  // Throws without the shell's MantineProvider: a second Mantine copy would not see it.
  const theme = useMantineTheme();
  const [items, setItems] = useState<Item[] | null>(null);
  const [title, setTitle] = useState('');
  const [saving, setSaving] = useState(false);

  usePageTitle({ heading: 'Items', breadcrumb: ['Process', 'Items'] });

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const answer = await api.get<ItemsAnswer>('/items', { signal, query: { sort: 'title' } });
        setItems(answer.items);
      } catch (err) {
        if (isAbortError(err)) return;
        notify.error(err);
        setItems([]);
      }
    },
    [api, notify],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await api.post('/items', { title: title.trim() });
      setTitle('');
      notify('Item saved');
      await load();
    } catch (err) {
      // The typed title stays for another try.
      notify.error(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={classes.page} data-testid="crud-items" data-mantine-primary={theme.primaryColor}>
      <Paper withBorder p="md">
        <form onSubmit={add}>
          <Group align="flex-end">
            <TextInput
              label="Title"
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              maxLength={200}
              required
            />
            <Button type="submit" loading={saving} disabled={!title.trim()}>
              Add item
            </Button>
          </Group>
        </form>
      </Paper>
      {items === null ? (
        <Loader aria-label="Loading items" />
      ) : items.length === 0 ? (
        <Text c="dimmed">No items yet</Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>Quantity</Table.Th>
              <Table.Th>Done</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td className={classes.title}>{item.title}</Table.Td>
                <Table.Td>{item.qty}</Table.Td>
                <Table.Td>{item.done ? 'Yes' : 'No'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}
