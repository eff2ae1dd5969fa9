import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { notifyFailure } from '../../ui';
import { AuthCardWaiting } from '../layout/AuthCard';
import { SOCIAL_CLIENT_FAILURE, socialFailure } from '../messages';
import { proofFromCode } from './flow';
import { useFinishSignIn } from './useFinishSignIn';

/** /linkedin: the professional network sends the browser back here with a code. */
export default function LinkedinReturn() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const finish = useFinishSignIn();
  const handled = useRef(false);

  useEffect(() => {
    // The code and the pending sign-in are single-use.
    if (handled.current) return;
    handled.current = true;
    proofFromCode(search).then(
      (answer) => {
        if ('proof' in answer) return finish(answer.proof);
        notifyFailure(SOCIAL_CLIENT_FAILURE);
        navigate('/', { replace: true });
      },
      (err: unknown) => {
        notifyFailure(socialFailure(err, 'linkedin'));
        navigate('/', { replace: true });
      },
    );
  }, [search, finish, navigate]);

  return <AuthCardWaiting title="Signing in with LinkedIn">Please wait while we sign you in…</AuthCardWaiting>;
}
