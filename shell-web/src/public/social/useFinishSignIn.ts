import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../session';
import { notifyFailure, notifySuccess } from '../../ui';
import { LOGIN_SUCCESS, socialFailure } from '../messages';
import { rememberNewUser, signInWithProof, type SocialProof } from './flow';

/**
 * Hands the provider's proof to the host: 'Login User' signs in and goes to
 * /BusinessInsight, 'New user detected' goes to the social sign-up form.
 * A failure is shown and leads back to the login page.
 */
export function useFinishSignIn() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  return useCallback(
    async (proof: SocialProof) => {
      try {
        const answer = await signInWithProof(proof);
        if (answer.kind === 'signedIn') {
          await signIn(answer.token, answer.userdata);
          notifySuccess(LOGIN_SUCCESS);
          navigate('/BusinessInsight', { replace: true });
        } else {
          rememberNewUser(answer.user);
          navigate('/userSignup', { replace: true });
        }
      } catch (err) {
        notifyFailure(socialFailure(err, proof.providerName));
        navigate('/', { replace: true });
      }
    },
    [signIn, navigate],
  );
}
