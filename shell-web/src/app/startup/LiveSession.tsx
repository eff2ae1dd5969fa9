/**
 * Keeps the signed-in person's rights and the company's user list current while they work:
 * the host says on the realtime stream when their membership, role or rights changed
 * (`session`) and when the company's people did (`directory`); the menu and the user list
 * then follow without a reload. After a gap in the stream (the host could not replay what
 * was missed: `reset`), both are read again.
 */

import { useRealtime } from '@autoscope/web-sdk';
import { useQueryClient } from '@tanstack/react-query';

import { visibleModulesKey } from '../../modules';
import type { Session } from '../../session';
import { queryKeys } from '../queryClient';

export function LiveSession({ session }: { session: Session }) {
  const queryClient = useQueryClient();
  const refresh = (key: readonly unknown[]) => () => void queryClient.invalidateQueries({ queryKey: key });
  const refreshMe = refresh(queryKeys.me(session.token));
  // The modules the rights open: the menu and the routes are built from both.
  const refreshModules = refresh(visibleModulesKey(session.token));
  const me = () => {
    refreshMe();
    refreshModules();
  };
  const users = refresh(queryKeys.users(session.token));
  useRealtime('session', me, { onGap: me });
  useRealtime('directory', users, { onGap: users });
  return null;
}
