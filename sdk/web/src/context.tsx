import { createContext, useContext, useMemo, useRef, type ReactNode, type RefObject } from 'react';

import { realtimeHub, type RealtimeHub } from './realtime';
import type { ShellServices } from './types';

export interface AutoscopeContextValue {
  services: ShellServices;
  /** Who set the page title last, so that a page leaving does not clear its successor's title. */
  titleOwnerRef: RefObject<symbol | null>;
  realtime: RealtimeHub;
}

const AutoscopeContext = createContext<AutoscopeContextValue | null>(null);
AutoscopeContext.displayName = 'AutoscopeContext';

export interface ModuleContextValue {
  moduleKey: string;
  rightsKey: string;
}

const ModuleContext = createContext<ModuleContextValue | null>(null);
ModuleContext.displayName = 'AutoscopeModuleContext';

export interface AutoscopeProviderProps {
  services: ShellServices;
  /** The realtime hub; the SDK's shared one by default (tests pass their own). */
  realtime?: RealtimeHub;
  children?: ReactNode;
}

/** Provided once by the shell, around everything that may render a remote. */
export function AutoscopeProvider({ services, realtime = realtimeHub, children }: AutoscopeProviderProps) {
  // The owner outlives changes of `services` (a new token keeps the page's title).
  const titleOwnerRef = useRef<symbol | null>(null);
  const value = useMemo(() => ({ services, titleOwnerRef, realtime }), [services, realtime]);
  return <AutoscopeContext.Provider value={value}>{children}</AutoscopeContext.Provider>;
}

export interface ModuleProviderProps {
  /** The module's key: its API is at `/api/m/<moduleKey>`, its channels `<moduleKey>.<name>`. */
  moduleKey: string;
  /** The module's rights key, when it differs from its key (GET /api/modules gives it). */
  rightsKey?: string;
  children?: ReactNode;
}

/** Binds what is inside to one module. The shell wraps each remote page in it. */
export function ModuleProvider({ moduleKey, rightsKey, children }: ModuleProviderProps) {
  if (!moduleKey) throw new Error('<ModuleProvider> needs a moduleKey');
  const value = useMemo(() => ({ moduleKey, rightsKey: rightsKey ?? moduleKey }), [moduleKey, rightsKey]);
  return <ModuleContext.Provider value={value}>{children}</ModuleContext.Provider>;
}

/** The shell's context; throws outside `<AutoscopeProvider>`. */
export function useAutoscopeContext(): AutoscopeContextValue {
  const value = useContext(AutoscopeContext);
  if (!value) {
    throw new Error(
      'No <AutoscopeProvider> above this component. Remotes must consume @autoscope/web-sdk as a shared ' +
        "singleton (import: false) so that they see the shell's provider.",
    );
  }
  return value;
}

/** The services the shell provides; throws outside `<AutoscopeProvider>`. */
export function useShellServices(): ShellServices {
  return useAutoscopeContext().services;
}

/** The enclosing module, or null outside any `<ModuleProvider>`. */
export function useModuleContext(): ModuleContextValue | null {
  return useContext(ModuleContext);
}

/** The enclosing module's key; throws outside `<ModuleProvider>`. */
export function useModuleKey(): string {
  const value = useContext(ModuleContext);
  if (!value) throw new Error('No <ModuleProvider moduleKey="..."> above this component');
  return value.moduleKey;
}
