import { useEffect, useState } from 'react';
import { readNewUser } from '../social/flow';
import { SignUpWizard } from './SignUpWizard';
import { SocialSignUp } from './SocialSignUp';

/** /userSignup: the e-mail sign-up wizard, or the social variant after 'New user detected'. */
export default function SignUp() {
  const [socialUser] = useState(readNewUser);

  // A social sign-up is prefilled from local storage, which is then cleared.
  useEffect(() => {
    if (socialUser) localStorage.clear();
  }, [socialUser]);

  return socialUser ? <SocialSignUp user={socialUser} /> : <SignUpWizard />;
}
