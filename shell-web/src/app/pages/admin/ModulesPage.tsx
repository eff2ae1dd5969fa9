/**
 * Admin: the installed modules (GET /api/admin/modules) with version, digest, signer,
 * capabilities, routes and limits; installing or upgrading from a package archive with
 * grants (POST); and removing one, keeping or purging its data as the admin says (DELETE).
 */

import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  FileInput,
  Group,
  List,
  Modal,
  Radio,
  SegmentedControl,
  Stack,
  Table,
  TagsInput,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconFileText, IconPackage, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent } from 'react';

import { api, failureMessage } from '../../../api';
import type { Session } from '../../../session';
import { notifyFailure, notifySuccess } from '../../../ui';
import { formatDateTime } from '../../format';
import { queryKeys } from '../../queryClient';
import { NO_LOG_FILTERS, logsPath } from './adminLists';
import { AdminListCard, WhenLoaded, ModalActions, type AdminColumn } from './AdminParts';
import type { AdminLogPage, InstalledModule, InstalledModuleList, ModuleLimits, ModuleRoute } from './generated';
import { useTablePage } from './tablePage';

/** The host's limit on a package archive (docs/api.md). */
export const PACKAGE_MAX_BYTES = 64 * 1024 * 1024;
export const PACKAGE_TOO_LARGE = 'The package must be at most 64 MB';
export const PACKAGE_NOT_ARCHIVE = 'Please choose a .tar.gz package archive';
const REFUSED_PREFIX = 'The package was refused: ';

type GrantMode = 'declared' | 'none' | 'chosen';

/**
 * The `grants` query value for a mode: `declared`, nothing, or the chosen capabilities;
 * with `limits` when the admin allows limits above the portal's policy.
 */
export function grantsQuery(mode: GrantMode, chosen: readonly string[], aboveLimits = false): string {
  const names = mode === 'declared' ? ['declared'] : mode === 'none' ? [] : chosen.map((name) => name.trim());
  return [...names, ...(aboveLimits ? ['limits'] : [])].filter(Boolean).join(',');
}

/** A refusal lists every reason joined by "; ": one line each. */
export function refusalReasons(message: string): string[] {
  if (!message.startsWith(REFUSED_PREFIX)) return [message];
  return message.slice(REFUSED_PREFIX.length).split('; ').filter(Boolean);
}

const MODULE_COLUMNS: readonly AdminColumn[] = [
  { label: 'Module' },
  { label: 'Version' },
  { label: 'Rights key' },
  { label: 'Digest' },
  { label: 'Signed by' },
  { label: 'Capabilities' },
  { label: 'Routes' },
  { label: 'Limits per call' },
  { label: 'Actions', hidden: true },
];

const whole = new Intl.NumberFormat('en-US');

/** The latest 50 of the module's own log lines (its `log` calls and panics). */
export function moduleLogPath(key: string): string {
  return logsPath({ ...NO_LOG_FILTERS, event: `module.log.${key}` }, 1, 50);
}

const LEVEL_COLOR: Record<string, string> = { info: 'blue', warn: 'orange', error: 'red' };

/** The limits a package's calls run under, as the manifest's `[limits]` set them. */
function Limits({ limits }: { limits: ModuleLimits }) {
  const lines = [
    `Time ${whole.format(limits.timeout_ms / 1000)} s`,
    `Memory ${whole.format(limits.memory_mb)} MB`,
    `Fuel ${whole.format(limits.fuel)}`,
    `Calls at once ${whole.format(limits.concurrency)}`,
    `Request ${whole.format(limits.max_request_kb)} KB, answer ${whole.format(limits.max_response_kb)} KB`,
  ];
  return (
    <Stack gap={0}>
      {lines.map((line) => (
        <Text key={line} size="xs" style={{ whiteSpace: 'nowrap' }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** An empty list of a cell. */
function NoneListed() {
  return (
    <Text size="xs" c="dimmed">
      none
    </Text>
  );
}

/**
 * A module's routes beyond its own session-checked API (spec paths, paths open without a
 * session), and whether each is granted.
 */
function Routes({ routes }: { routes: readonly ModuleRoute[] }) {
  if (routes.length === 0) return <NoneListed />;
  return (
    <Stack gap={2}>
      {routes.map((route) => (
        <Group key={`${route.method} ${route.path}`} gap={4} wrap="nowrap">
          <Code>{`${route.method} ${route.path}`}</Code>
          {route.public && (
            <Badge size="xs" variant="light" color="orange" tt="none">
              no session
            </Badge>
          )}
          {!route.granted && (
            <Badge size="xs" variant="light" color="gray" tt="none">
              not granted
            </Badge>
          )}
        </Group>
      ))}
    </Stack>
  );
}

function Capabilities({ names, color }: { names: readonly string[]; color: string }) {
  if (names.length === 0) return <NoneListed />;
  return (
    <Group gap={4}>
      {names.map((name) => (
        <Badge key={name} size="xs" variant="light" color={color} tt="none">
          {name}
        </Badge>
      ))}
    </Group>
  );
}

function InstallCard({ session }: { session: Session }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mode, setMode] = useState<GrantMode>('declared');
  const [chosen, setChosen] = useState<string[]>([]);
  const [aboveLimits, setAboveLimits] = useState(false);
  const [refusal, setRefusal] = useState<string[] | null>(null);

  const install = useMutation({
    mutationFn: (archive: File) =>
      api<InstalledModule>(`/admin/modules?grants=${encodeURIComponent(grantsQuery(mode, chosen, aboveLimits))}`, {
        method: 'POST',
        raw: archive,
        headers: { 'content-type': 'application/gzip' },
        token: session.token,
      }),
    onSuccess: (module) => {
      setFile(null);
      setRefusal(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminModules(session.token) });
      notifySuccess(`Installed ${module.name} ${module.version}`);
    },
    onError: (err) => {
      const message = failureMessage(err);
      setRefusal(refusalReasons(message));
      notifyFailure(message.startsWith(REFUSED_PREFIX) ? 'The package was refused' : message);
    },
  });

  const choose = (next: File | null) => {
    setRefusal(null);
    if (next && !/\.(tar\.gz|tgz)$/i.test(next.name)) {
      setFile(null);
      setFileError(PACKAGE_NOT_ARCHIVE);
      return;
    }
    if (next && next.size > PACKAGE_MAX_BYTES) {
      setFile(null);
      setFileError(PACKAGE_TOO_LARGE);
      return;
    }
    setFileError(null);
    setFile(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError(PACKAGE_NOT_ARCHIVE);
      return;
    }
    install.mutate(file);
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h5" mb={4}>
        Install or upgrade a module
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        A package archive as <Code>autoscope module pack --archive</Code> writes it. A refused package changes nothing.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FileInput
            label="Package archive"
            placeholder="Choose a .tar.gz file"
            accept=".tar.gz,.tgz,application/gzip"
            leftSection={<IconPackage size={18} />}
            value={file}
            onChange={choose}
            error={fileError}
            clearable
            maw={480}
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="grants-label">
              Capabilities to grant
            </Text>
            <SegmentedControl
              aria-labelledby="grants-label"
              value={mode}
              onChange={(value) => setMode(value as GrantMode)}
              data={[
                { value: 'declared', label: 'Everything declared' },
                { value: 'chosen', label: 'Chosen ones' },
                { value: 'none', label: 'None' },
              ]}
            />
          </div>
          {mode === 'chosen' && (
            <TagsInput
              label="Capabilities"
              description="e.g. storage, notify, mail, realtime, directory, read:support.tickets"
              placeholder="Type a capability and press Enter"
              value={chosen}
              onChange={setChosen}
              maw={560}
            />
          )}
          <Checkbox
            label="Allow limits above the portal's policy"
            description="Only for a package you trust: its calls may take more time, memory or slots than the policy gives."
            checked={aboveLimits}
            onChange={(event) => setAboveLimits(event.currentTarget.checked)}
          />
          {refusal && (
            <Alert color="orange" title="The package was refused" role="alert">
              <List size="sm" spacing={2}>
                {refusal.map((reason) => (
                  <List.Item key={reason}>{reason}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group>
            <Button type="submit" leftSection={<IconUpload size={18} />} loading={install.isPending}>
              Install
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** A dialog about one module of the list, open while `module` is set. */
type ModuleModalProps = { module: InstalledModule | null; session: Session; onClose: () => void };

/** What removing does with the module's data: the host needs it said. */
export type RemovedData = 'keep' | 'purge';

export function removePath(key: string, data: RemovedData): string {
  return `/admin/modules/${encodeURIComponent(key)}?data=${data}`;
}

function RemoveModal({ module, session, onClose }: ModuleModalProps) {
  const queryClient = useQueryClient();
  const [data, setData] = useState<RemovedData>('keep');
  const close = () => {
    setData('keep');
    onClose();
  };
  const remove = useMutation({
    mutationFn: (key: string) =>
      api<{ message: string }>(removePath(key, data), { method: 'DELETE', token: session.token }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminModules(session.token) });
      notifySuccess(answer.message);
      close();
    },
    onError: (err) => notifyFailure(failureMessage(err)),
  });
  return (
    <Modal opened={module !== null} onClose={close} title="Remove the module?" centered>
      {module && (
        <Stack gap="md">
          <Text size="sm">
            {module.name} ({module.key} {module.version}) stops serving at once.
          </Text>
          <Radio.Group label="Its data" value={data} onChange={(value) => setData(value as RemovedData)}>
            <Stack gap="xs" mt={4}>
              <Radio
                value="keep"
                label="Keep its data"
                description="Records, jobs, schedules and connections stay; a reinstall finds them again."
              />
              <Radio
                value="purge"
                color="red"
                label="Delete its data"
                description="Every company's records of this module are deleted. This cannot be undone."
              />
            </Stack>
          </Radio.Group>
          <ModalActions onCancel={close}>
            <Button
              color="red"
              leftSection={<IconTrash size={16} />}
              loading={remove.isPending}
              onClick={() => remove.mutate(module.key)}
            >
              {data === 'purge' ? 'Remove and delete data' : 'Remove'}
            </Button>
          </ModalActions>
        </Stack>
      )}
    </Modal>
  );
}

/** The latest 50 lines a module wrote to the system log, with their company. */
function ModuleLogModal({ module, session, onClose }: ModuleModalProps) {
  const lines = useQuery({
    queryKey: queryKeys.adminModuleLog(session.token, module?.key ?? ''),
    queryFn: ({ signal }) => api<AdminLogPage>(moduleLogPath(module?.key ?? ''), { token: session.token, signal }),
    enabled: module !== null,
    staleTime: 0,
  });
  return (
    <Modal opened={module !== null} onClose={onClose} title={`Recent log of ${module?.name ?? ''}`} size="xl" centered>
      <WhenLoaded query={lines}>
        {lines.data && lines.data.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            The module has written nothing to the log yet.
          </Text>
        ) : (
          <Stack gap="xs">
            {lines.data?.data.map((line) => (
              <div key={line.id}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="xs" fw={600} c={LEVEL_COLOR[line.level] ?? 'dimmed'}>
                    {line.level}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(line.createdAt)} · {line.companyName ?? 'no company'}
                    {line.requestId ? ` · request ${line.requestId}` : ''}
                  </Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {line.message}
                </Text>
              </div>
            ))}
          </Stack>
        )}
      </WhenLoaded>
    </Modal>
  );
}

export function ModulesPage({ session }: { session: Session }) {
  const modules = useQuery({
    queryKey: queryKeys.adminModules(session.token),
    queryFn: ({ signal }) => api<InstalledModuleList>('/admin/modules', { token: session.token, signal }),
  });
  const [removing, setRemoving] = useState<InstalledModule | null>(null);
  const [reading, setReading] = useState<InstalledModule | null>(null);
  const textOf = useCallback(
    (module: InstalledModule) => `${module.key} ${module.name} ${module.rightsKey} ${module.version}`,
    [],
  );
  const table = useTablePage(modules.data?.data ?? [], textOf);

  return (
    <WhenLoaded query={modules}>
      <Stack gap="lg">
        <AdminListCard
          title="Installed modules"
          searchLabel="Search modules"
          table={table}
          minWidth={1100}
          columns={MODULE_COLUMNS}
          empty="No module is installed yet."
          noMatch="No module matches the search."
          noun={table.matching === 1 ? 'module' : 'modules'}
          row={(module) => (
            <Table.Tr key={module.key}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {module.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {module.key}
                </Text>
              </Table.Td>
              <Table.Td>{module.version}</Table.Td>
              <Table.Td>
                <Code>{module.rightsKey}</Code>
              </Table.Td>
              <Table.Td>
                <Tooltip label={module.digest} multiline maw={320}>
                  <Code>{module.digest.slice(0, 12)}…</Code>
                </Tooltip>
              </Table.Td>
              <Table.Td>
                {module.signedBy ? (
                  <Tooltip label={module.signedBy} multiline maw={320}>
                    <Code>{module.signedBy.slice(0, 12)}…</Code>
                  </Tooltip>
                ) : (
                  <Text size="xs" c="dimmed">
                    Unsigned
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Stack gap={4}>
                  <Group gap={4} wrap="nowrap" align="flex-start">
                    <Text size="xs" c="dimmed" w={56}>
                      Declared
                    </Text>
                    <Capabilities names={module.declared} color="gray" />
                  </Group>
                  <Group gap={4} wrap="nowrap" align="flex-start">
                    <Text size="xs" c="dimmed" w={56}>
                      Granted
                    </Text>
                    <Capabilities names={module.granted} color="teal" />
                  </Group>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Routes routes={module.routes} />
              </Table.Td>
              <Table.Td>
                <Limits limits={module.limits} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="xs"
                    variant="subtle"
                    leftSection={<IconFileText size={14} />}
                    onClick={() => setReading(module)}
                    aria-label={`Log of ${module.name}`}
                  >
                    Log
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => setRemoving(module)}
                    aria-label={`Remove ${module.name}`}
                  >
                    Remove
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          )}
        />
        <InstallCard session={session} />
        <RemoveModal module={removing} session={session} onClose={() => setRemoving(null)} />
        <ModuleLogModal module={reading} session={session} onClose={() => setReading(null)} />
      </Stack>
    </WhenLoaded>
  );
}
