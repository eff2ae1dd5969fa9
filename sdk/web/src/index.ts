/**
 * @autoscope/web-sdk — what a federated module remote uses to talk to the Autoscope web
 * shell. Shared as a Module Federation singleton by the shell and every remote.
 */

export type {
  BreadcrumbItem,
  Currency,
  CurrentUser,
  NotifyKind,
  PageButton,
  PageTitle,
  Right,
  Rights,
  ShellServices,
} from './types';
export { MAX_BREADCRUMB_ITEMS } from './types';

export {
  AutoscopeProvider,
  ModuleProvider,
  useAutoscopeContext,
  useModuleContext,
  useModuleKey,
  useShellServices,
} from './context';
export type { AutoscopeProviderProps, ModuleContextValue, ModuleProviderProps } from './context';

export {
  apiClientFor,
  canOpen,
  rightOf,
  useCurrency,
  useCurrentUser,
  useHostApi,
  useModuleApi,
  useNotify,
  usePageTitle,
  useRealtime,
  useRights,
  useRightsMap,
  useSourceConnections,
} from './hooks';
export type { Notify, RightState, UseRealtimeOptions } from './hooks';

export {
  ApiError,
  GENERIC_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  createApiClient,
  isAbortError,
  isApiError,
  joinPath,
  modulePrefix,
  saveBlob,
} from './api';
export type { ApiClient, ApiClientConfig, HttpMethod, Query, QueryValue, RequestOptions } from './api';

export {
  ENDED_EVENT,
  LAGGED_EVENT,
  NOTIFICATIONS_CHANNEL,
  OVERLOADED_EVENT,
  REALTIME_PATH,
  REFRESH_EVENT,
  RESTARTING_EVENT,
  RESET_EVENT,
  RealtimeConnection,
  RealtimeHub,
  moduleChannel,
  realtimeHub,
} from './realtime';
export type {
  RealtimeGap,
  RealtimeHandler,
  RealtimeMessage,
  RealtimeOptions,
  RealtimeState,
  RealtimeTransportOptions,
  SubscribeOptions,
} from './realtime';

export { SseParser, parseSse } from './sse';
export type { SseEvent } from './sse';

export { UPGRADE, fetchVisibleModules, moduleIsOpen } from './modules';
export type {
  FetchModulesOptions,
  MenuGroup,
  MenuLayout,
  ModulePage,
  ModuleRemote,
  RightsKey,
  ShellEntry,
  VisibleModule,
  VisibleModulesResponse,
} from './modules';

export { sourceConnections } from './sources';
export type { SourceConnections } from './sources';
export { CONNECTION_MESSAGES, JOBS_CHANNEL } from './generated';
export type {
  ColumnKind,
  Connection,
  ConnectionDraft,
  ConnectionTest,
  Job,
  JobStatus,
  ServerVersion,
  SourceColumn,
  SourceEngine,
  SourceTable,
  TlsMode,
} from './generated';

export { MARK_READ_LIMIT, getNotifications, markNotificationsRead } from './notifications';
export type { NotificationEvent, NotificationItem } from './notifications';

export { fetchOnboarding, loadSampleData, onboardingQueryKey, removeSampleData } from './onboarding';
export type { Onboarding, OnboardingSample, OnboardingStep } from './onboarding';
