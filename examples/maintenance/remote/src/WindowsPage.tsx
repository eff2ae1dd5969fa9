import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Badge, Button, Group, Loader, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { isAbortError, useModuleApi, useNotify, usePageTitle } from '@autoscope/web-sdk';

import { span, toUnixSeconds, type Window } from './windows';

/** The company's maintenance windows not over yet, and a form to plan one. */
export default function WindowsPage() {
  const api = useModuleApi();
  const notify = useNotify();
  const [windows, setWindows] = useState<Window[] | null>(null);
  const [title, setTitle] = useState('');
  const [system, setSystem] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [saving, setSaving] = useState(false);

  usePageTitle({ heading: 'Maintenance Windows', breadcrumb: ['Maintenance Windows'] });

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const answer = await api.get<{ items: Window[] }>('/windows', { signal });
        setWindows(answer.items);
      } catch (err) {
        if (isAbortError(err)) return;
        notify.error(err);
        setWindows([]);
      }
    },
    [api, notify],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const starts = toUnixSeconds(startsAt);
  const ends = toUnixSeconds(endsAt);
  const complete = title.trim() !== '' && starts !== null && ends !== null;

  const plan = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    setSaving(true);
    try {
      await api.post('/windows', {
        title: title.trim(),
        system: system.trim() || null,
        starts_at: starts,
        ends_at: ends,
      });
      setTitle('');
      setSystem('');
      notify('Window planned');
      await load();
    } catch (err) {
      // What was typed stays for another try; the message says what to change.
      notify.error(err);
    } finally {
      setSaving(false);
    }
  };

  const cancel = async (window: Window) => {
    try {
      await api.delete(`/windows/${window.id}`);
      notify('Window cancelled');
      await load();
    } catch (err) {
      notify.error(err);
    }
  };

  return (
    <Stack>
      <Paper withBorder p="md">
        <form onSubmit={plan}>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Title"
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              maxLength={200}
              required
            />
            <TextInput
              label="Bot or system"
              value={system}
              onChange={(event) => setSystem(event.currentTarget.value)}
              maxLength={120}
            />
            <TextInput
              label="Starts"
              type="datetime-local"
              value={startsAt}
              onChange={(event) => setStartsAt(event.currentTarget.value)}
              required
            />
            <TextInput
              label="Ends"
              type="datetime-local"
              value={endsAt}
              onChange={(event) => setEndsAt(event.currentTarget.value)}
              required
            />
            <Button type="submit" loading={saving} disabled={!complete}>
              Plan window
            </Button>
          </Group>
        </form>
      </Paper>
      {windows === null ? (
        <Loader aria-label="Loading windows" />
      ) : windows.length === 0 ? (
        <Text c="dimmed">No maintenance planned. Plan a window above; its owner is told an hour before it starts.</Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>Bot or system</Table.Th>
              <Table.Th>When</Table.Th>
              <Table.Th>Owner told</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {windows.map((window) => (
              <Table.Tr key={window.id}>
                <Table.Td>{window.title}</Table.Td>
                <Table.Td>{window.system ?? '—'}</Table.Td>
                <Table.Td>{span(window)}</Table.Td>
                <Table.Td>
                  {window.announced ? <Badge color="green">Told</Badge> : <Badge color="gray">Not yet</Badge>}
                </Table.Td>
                <Table.Td>
                  <Button variant="subtle" color="red" size="xs" onClick={() => void cancel(window)}>
                    Cancel
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
