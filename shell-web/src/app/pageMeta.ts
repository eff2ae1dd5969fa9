/**
 * What the page title bar shows for a route before (or instead of) what a page sets
 * through the web SDK: heading, icon, description and breadcrumb.
 */

import type { BreadcrumbItem } from '@autoscope/web-sdk';

import type { MenuItem, ModuleRoute } from './menu';

export interface PageMeta {
  path: string;
  /** False: sub-paths of `path` belong to the same page. */
  exact: boolean;
  heading: string;
  icon: string;
  description: string;
  breadcrumb: BreadcrumbItem[];
}

/** Whether `pathname` is the page at `path` (or, when not exact, below it). */
export function pathMatches(path: string, exact: boolean, pathname: string): boolean {
  if (pathname === path) return true;
  return !exact && pathname.startsWith(`${path}/`);
}

/** The page `pathname` shows, if it is a known one. */
export function metaFor(pages: readonly PageMeta[], pathname: string): PageMeta | null {
  return pages.find((page) => pathMatches(page.path, page.exact, pathname)) ?? null;
}

/** The menu group a route sits in, for the default breadcrumb. */
function groupOf(menu: readonly MenuItem[], path: string): MenuItem | null {
  return menu.find((item) => item.content?.some((child) => child.to === path)) ?? null;
}

/** Title defaults of the module routes: the menu label, the module's name as description. */
export function modulePageMeta(routes: readonly ModuleRoute[], menu: readonly MenuItem[]): PageMeta[] {
  return routes.map((route) => {
    const group = groupOf(menu, route.path);
    const breadcrumb: BreadcrumbItem[] = group
      ? [group.to ? { label: group.label, to: group.to } : group.label, route.label]
      : [route.label];
    return {
      path: route.path,
      exact: route.exact,
      heading: route.label,
      icon: route.icon,
      description: route.module.name,
      breadcrumb,
    };
  });
}
