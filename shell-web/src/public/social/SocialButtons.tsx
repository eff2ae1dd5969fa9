import { useEffect, useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconBrandFacebook, IconBrandGoogle, IconBrandLinkedin } from '@tabler/icons-react';
import { notifyFailure } from '../../ui';
import { socialFailure } from '../messages';
import { startSignIn } from './flow';
import { fetchProviders, PROVIDER_FLOWS, type ProviderInfo, type ProviderName } from './providers';

const ICONS: Record<ProviderName, typeof IconBrandGoogle> = {
  facebook: IconBrandFacebook,
  google: IconBrandGoogle,
  linkedin: IconBrandLinkedin,
};

/** The three social sign-in buttons; those of providers the host has not configured are disabled. */
export function SocialButtons({ disabled }: { disabled: boolean }) {
  const [providers, setProviders] = useState<ProviderInfo[] | null>(null);
  const [starting, setStarting] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchProviders(controller.signal).then(setProviders, (err: unknown) => {
      if (!controller.signal.aborted) {
        console.warn('The social sign-in providers cannot be listed.', err);
        setProviders([]);
      }
    });
    return () => controller.abort();
  }, []);

  const start = async (provider: ProviderInfo) => {
    setStarting(provider.name);
    try {
      await startSignIn(provider);
    } catch (err) {
      notifyFailure(socialFailure(err, provider.name));
      setStarting(null);
    }
  };

  const unavailable = providers
    ? PROVIDER_FLOWS.filter((flow) => !providers.some((p) => p.name === flow.name && p.authorizationEndpoint))
    : [];

  return (
    <>
      <Stack gap="xs">
        {PROVIDER_FLOWS.map((flow) => {
          const Icon = ICONS[flow.name];
          const provider = providers?.find((p) => p.name === flow.name);
          const usable = Boolean(provider?.authorizationEndpoint);
          const title =
            providers === null
              ? undefined
              : !provider
                ? `Sign-in with ${flow.label} is not configured on this server`
                : !usable
                  ? `${flow.label} cannot be reached right now`
                  : undefined;
          return (
            <Button
              key={flow.name}
              variant="default"
              fullWidth
              leftSection={<Icon size={18} />}
              disabled={disabled || !usable || (starting !== null && starting !== flow.name)}
              loading={starting === flow.name}
              onClick={() => provider && void start(provider)}
              title={title}
              data-provider={flow.name}
              data-configured={usable ? 'true' : 'false'}
            >
              Sign in with {flow.label}
            </Button>
          );
        })}
      </Stack>
      {unavailable.length > 0 && (
        <Text size="xs" c="dimmed" ta="center" mt={6}>
          Not available on this server: {unavailable.map((flow) => flow.label).join(', ')}
        </Text>
      )}
    </>
  );
}
