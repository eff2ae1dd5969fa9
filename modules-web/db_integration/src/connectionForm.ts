/**
 * The connection form's values: to and from the host's connection, the browser's checks
 * (with the host's own messages) and which field a host message is about.
 */

import {
  CONNECTION_MESSAGES as M,
  type Connection,
  type ConnectionDraft,
  type SourceEngine,
  type TlsMode,
} from '@autoscope/web-sdk';

import type { FormErrors } from '@common/lib/forms';

export interface ConnectionValues {
  name: string;
  engine: SourceEngine;
  host: string;
  port: number | string;
  database: string;
  user: string;
  /** Typed by the admin; empty keeps a stored password. */
  password: string;
  /** Remove the stored password (sign in without one). */
  clearPassword: boolean;
  tls: TlsMode;
  time_zone: string;
}

export const ENGINES: readonly { value: SourceEngine; label: string; port: number }[] = [
  { value: 'postgres', label: 'PostgreSQL', port: 5432 },
  { value: 'mysql', label: 'MySQL / MariaDB', port: 3306 },
];

export const TLS_MODES: readonly { value: TlsMode; label: string }[] = [
  { value: 'disable', label: 'Off' },
  { value: 'prefer', label: 'When the server offers it' },
  { value: 'require', label: 'Required, certificate not checked' },
  { value: 'verify', label: 'Required, certificate checked' },
];

export function engineLabel(engine: SourceEngine): string {
  return ENGINES.find((entry) => entry.value === engine)?.label ?? engine;
}

export function defaultPort(engine: SourceEngine): number {
  return ENGINES.find((entry) => entry.value === engine)?.port ?? 5432;
}

/** The IANA zones the browser knows, UTC first. */
export function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')];
}

export function emptyValues(): ConnectionValues {
  return {
    name: '',
    engine: 'postgres',
    host: '',
    port: defaultPort('postgres'),
    database: '',
    user: '',
    password: '',
    clearPassword: false,
    tls: 'prefer',
    time_zone: 'UTC',
  };
}

export function valuesOf(connection: Connection): ConnectionValues {
  const { name, engine, host, port, database, user, tls, time_zone } = connection;
  return { name, engine, host, port, database, user, password: '', clearPassword: false, tls, time_zone };
}

/**
 * What the host takes. A new password is sent only when typed; on a stored connection an
 * empty field keeps the stored one, unless the admin chose to remove it.
 */
export function draftOf(values: ConnectionValues): ConnectionDraft {
  const draft: ConnectionDraft = {
    name: values.name.trim(),
    engine: values.engine,
    host: values.host.trim(),
    port: Number(values.port),
    database: values.database.trim(),
    user: values.user.trim(),
    tls: values.tls,
    time_zone: values.time_zone,
  };
  if (values.clearPassword) draft.password = '';
  else if (values.password !== '') draft.password = values.password;
  return draft;
}

/** The checks the host makes that need no server, with its messages. */
export function validate(values: ConnectionValues): FormErrors<ConnectionValues> {
  const port = Number(values.port);
  const name = values.name.trim();
  return {
    name: name === '' || [...name].length > 100 ? M.NAME : undefined,
    host: values.host.trim() === '' ? M.HOST : undefined,
    port: values.port === '' || !Number.isInteger(port) || port < 1 || port > 65_535 ? M.PORT : undefined,
    database: values.database.trim() === '' ? M.DATABASE : undefined,
    user: values.user.trim() === '' ? M.USER : undefined,
    password: [...values.password].length > 1_024 ? M.PASSWORD_TOO_LONG : undefined,
    time_zone: values.time_zone === '' ? M.TIME_ZONE : undefined,
  };
}

/** The field a host message is about, when it is about one field only. */
export function fieldOf(message: string): keyof ConnectionValues | undefined {
  if (message === M.NAME || message === M.NAME_TAKEN) return 'name';
  if (message === M.HOST || message.startsWith(M.NOT_ALLOWED)) return 'host';
  if (message === M.PORT) return 'port';
  if (message === M.DATABASE) return 'database';
  if (message === M.USER) return 'user';
  if (message === M.PASSWORD_TOO_LONG) return 'password';
  if (message === M.TIME_ZONE) return 'time_zone';
  return undefined;
}
