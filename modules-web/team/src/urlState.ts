/**
 * The page's state in the URL, so a view can be shared: the tab (`?tab=`), the invitations
 * shown (`?invitations=pending`) and the member whose drawer is open; the members' filters
 * are in members.ts.
 */

import { paramOneOf, withParams } from '@common/lib/urlParams';
import { INVITATION_FILTERS, type InvitationFilter } from './invitations';

export const TABS = ['members', 'invitations', 'roles'] as const;
export type Tab = (typeof TABS)[number];

/** The URL parameter of the member whose drawer is open. */
export const MEMBER_PARAM = 'member';

/** What the page shows when the URL names nothing. */
const DEFAULTS = { tab: 'members', invitations: 'all' } as const satisfies { tab: Tab; invitations: InvitationFilter };

export const tabFromParams = (params: URLSearchParams): Tab => paramOneOf(params, 'tab', TABS, DEFAULTS.tab);

export const withTab = (params: URLSearchParams, tab: Tab) => withParams(params, { tab }, DEFAULTS);

export const invitationFilterFromParams = (params: URLSearchParams): InvitationFilter =>
  paramOneOf(params, 'invitations', INVITATION_FILTERS, DEFAULTS.invitations);

export const withInvitationFilter = (params: URLSearchParams, invitations: InvitationFilter) =>
  withParams(params, { invitations }, DEFAULTS);
