/**
 * Everything the signed-in area needs to show modules' federated remotes. (The session
 * starts the module list early with `prefetchVisibleModules` from './prefetch', imported
 * by path so that the login page does not load the rest of this folder.)
 */
export type { ModulePage, VisibleModule } from '@autoscope/web-sdk';
export { useVisibleModules, visibleModulesKey, type VisibleModulesState } from './useVisibleModules';
export { RemotePage, RemoteWidget } from './RemoteView';
export { ShellServicesProvider } from './ShellServicesProvider';
