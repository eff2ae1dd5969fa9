import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Center, Loader } from '@mantine/core';
import { ModuleProvider, type ModulePage, type VisibleModule } from '@autoscope/web-sdk';

import { Loading } from '../ui';
import { loadFederation, loadedFederation } from './loadFederation';
import { RemoteBoundary } from './RemoteBoundary';

interface RemoteProps {
  module: VisibleModule;
  page: ModulePage;
}

/** A module's page: `page.component` of its remote, loaded on first render. */
export function RemotePage({ module, page }: RemoteProps) {
  return <RemoteView module={module} component={page.component} kind="page" />;
}

/** A module's summary widget for /DashboardDefault: `page.widget`; nothing when it has none. */
export function RemoteWidget({ module, page }: RemoteProps) {
  if (!page.widget) return null;
  return <RemoteView module={module} component={page.widget} kind="widget" />;
}

function WidgetLoading() {
  return (
    <Center p="md">
      <Loader size="sm" />
    </Center>
  );
}

/**
 * The exposed `component` of the module's remote: itself when it has been loaded (by an
 * earlier visit or the idle prefetch), else a lazy component loaded on first render.
 */
function lazyRemote(module: VisibleModule, component: string): ComponentType {
  const ready = loadedFederation()?.loadedExposed(module, component);
  if (ready) return ready;
  return lazy(async (): Promise<{ default: ComponentType }> => {
    const federation = await loadFederation();
    return { default: await federation.loadExposed(module, component) };
  });
}

function RemoteView({
  module,
  component,
  kind,
}: {
  module: VisibleModule;
  component: string;
  kind: 'page' | 'widget';
}) {
  const [attempt, setAttempt] = useState(0);
  const manifestUrl = module.remote?.manifestUrl ?? '';
  // A new lazy component per module version, rights, component and attempt: Retry loads
  // afresh. `module` itself is left out: a refetched list gives an equal module a new object.
  const loadKey = JSON.stringify([
    module.key,
    manifestUrl,
    module.rights.view,
    module.rights.disabled,
    component,
    attempt,
  ]);
  const [loaded, setLoaded] = useState(() => ({ loadKey, Remote: lazyRemote(module, component) }));
  if (loaded.loadKey !== loadKey) setLoaded({ loadKey, Remote: lazyRemote(module, component) });
  const Remote = loaded.Remote;

  return (
    <ModuleProvider moduleKey={module.key} rightsKey={module.rightsKey}>
      <RemoteBoundary
        key={`${module.key}:${manifestUrl}:${component}:${attempt}`}
        moduleName={module.name}
        kind={kind}
        onRetry={() => setAttempt((count) => count + 1)}
      >
        <Suspense fallback={kind === 'page' ? <Loading /> : <WidgetLoading />}>
          <Remote />
        </Suspense>
      </RemoteBoundary>
    </ModuleProvider>
  );
}
