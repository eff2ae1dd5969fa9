import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

interface RemoteBoundaryProps {
  /** The module's display name, for the card. */
  moduleName: string;
  kind: 'page' | 'widget';
  /** Loads the remote again (a fresh lazy component) and resets the boundary. */
  onRetry: () => void;
  children: ReactNode;
}

interface RemoteBoundaryState {
  error: unknown;
}

/**
 * Keeps a remote's failure (it did not load, or it threw while rendering) inside its own
 * card, with a Retry that loads it again; the rest of the shell keeps working.
 */
export class RemoteBoundary extends Component<RemoteBoundaryProps, RemoteBoundaryState> {
  override state: RemoteBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): RemoteBoundaryState {
    return { error: error ?? new Error('The remote failed') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`The ${this.props.kind} of module '${this.props.moduleName}' failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const { moduleName, kind, onRetry } = this.props;
    return (
      <Card withBorder padding="lg" role="alert" data-remote-error={moduleName}>
        <Group align="flex-start" wrap="nowrap">
          <ThemeIcon color="orange" variant="light" size="lg">
            <IconAlertTriangle size={20} />
          </ThemeIcon>
          <div>
            <Text fw={600}>
              {kind === 'page' ? 'This page could not be loaded' : `${moduleName} could not be loaded`}
            </Text>
            <Text size="sm" c="dimmed" mt={4}>
              {moduleName} is not available right now. Check your connection and try again.
            </Text>
            <Button mt="md" size="xs" variant="light" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
              Retry
            </Button>
          </div>
        </Group>
      </Card>
    );
  }
}
