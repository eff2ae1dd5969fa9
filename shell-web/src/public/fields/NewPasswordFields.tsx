import { PasswordInput, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PasswordHints } from './PasswordHints';

/** A new password and its confirmation, with the strong-password hints (sign-up's last step). */
export function NewPasswordFields<T extends { password: string; confirmPassword: string }>({
  form,
  disabled,
}: {
  form: UseFormReturnType<T>;
  disabled?: boolean;
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          disabled={disabled}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          disabled={disabled}
          {...form.getInputProps('confirmPassword')}
        />
      </SimpleGrid>
      <PasswordHints password={form.values.password} />
    </>
  );
}
