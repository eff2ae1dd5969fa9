import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { useSession, type Session, type UserData } from '../../../session';
import { queryKeys } from '../../queryClient';

/** Takes the host's new `userdata` (an answer of a profile change) as the session's and the cached `/users/me`. */
export function useAdoptUser(session: Session): (userdata: UserData) => Promise<void> {
  const { update } = useSession();
  const queryClient = useQueryClient();
  return useCallback(
    async (userdata: UserData) => {
      queryClient.setQueryData(queryKeys.me(session.token), userdata);
      await update(userdata);
    },
    [queryClient, session.token, update],
  );
}
