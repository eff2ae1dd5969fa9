import { Anchor, Checkbox } from '@mantine/core';

/** The agreement checkbox; its links open in a new tab so the form keeps what was typed. */
export function Agreement({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const link = (to: string, text: string) => (
    <Anchor href={to} target="_blank" rel="noopener" inherit>
      {text}
    </Anchor>
  );
  return (
    <Checkbox
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      label={
        <>
          I have read and agree to the {link('/ServiceAggrement', 'Community Edition Service Agreement')}, the{' '}
          {link('/terms-and-conditions', 'Terms and Conditions')} and the {link('/privacy-policy', 'Privacy Policy')}.
        </>
      }
    />
  );
}
