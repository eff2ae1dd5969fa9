/** The frame both sign-up variants draw their steps in. */

import { Anchor, Button, Group, Stack, Stepper } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './SignUp.module.css';

/** The stepper at `step`; on narrow screens it keeps its numbered icons and drops the labels. */
export function SignUpSteps({ step, children }: { step: number; children: ReactNode }) {
  return (
    <Stepper active={step} size="xs" allowNextStepsSelect={false} classNames={{ stepBody: classes.stepBody }}>
      {children}
    </Stepper>
  );
}

/** One step's form: its fields, then "Back to Login" beside the step's `actions`. */
export function StepForm({
  onSubmit,
  actions,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" mt="md">
        {children}
      </Stack>
      <div className={classes.actions}>
        <Anchor component={Link} to="/" size="sm">
          Back to Login
        </Anchor>
        {actions}
      </div>
    </form>
  );
}

/** Back to the step before, and the submit button named `children`; both wait while `busy`. */
export function BackAndSubmit({
  onBack,
  busy,
  disabled,
  children,
}: {
  onBack: () => void;
  busy?: boolean;
  /** The submit button is off (the terms are not agreed to). */
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Group gap="sm">
      <Button variant="default" onClick={onBack} disabled={busy}>
        Back
      </Button>
      <Button type="submit" loading={busy} disabled={disabled}>
        {children}
      </Button>
    </Group>
  );
}
