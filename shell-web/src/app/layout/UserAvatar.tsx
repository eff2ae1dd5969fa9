import { Avatar, type AvatarProps } from '@mantine/core';

import { useSession } from '../../session';
import { useProfilePicture } from '../profilePicture';

/** The signed-in user's picture, or their initials when there is none. */
export function UserAvatar(props: Omit<AvatarProps, 'src' | 'alt'>) {
  const { session } = useSession();
  const userId = session?.userdata.user_id ?? '';
  const picture = useProfilePicture(userId, session?.token ?? '');
  if (!session) return null;
  const { firstname, lastname } = session.userdata;
  const initials = `${firstname.charAt(0)}${lastname.charAt(0)}`.toUpperCase();
  return (
    <Avatar {...props} src={picture} alt={`${firstname} ${lastname}`} color="brand">
      {initials}
    </Avatar>
  );
}
