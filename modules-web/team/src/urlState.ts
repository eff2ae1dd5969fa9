/** The page's tab in the URL (`?tab=`), so a view can be shared; the members' filters are in members.ts. */

export const TABS = ['members', 'invitations', 'roles'] as const;
export type Tab = (typeof TABS)[number];

/** The URL parameter of the member whose drawer is open. */
export const MEMBER_PARAM = 'member';

export function tabFromParams(params: URLSearchParams): Tab {
  const tab = params.get('tab');
  return (TABS as readonly string[]).includes(tab ?? '') ? (tab as Tab) : 'members';
}

export function withTab(params: URLSearchParams, tab: Tab): URLSearchParams {
  const next = new URLSearchParams(params);
  if (tab === 'members') next.delete('tab');
  else next.set('tab', tab);
  return next;
}
