import type { ReactNode } from 'react';
import { Button, Container, Paper, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import classes from './LegalPage.module.css';

interface LegalPageProps {
  title: string;
  /** E.g. 'Effective 1 June 2021'. */
  effective?: string;
  children: ReactNode;
}

/** A legal text with its Go Back button to the login page. */
export function LegalPage({ title, effective, children }: LegalPageProps) {
  const navigate = useNavigate();
  const goBack = (
    <Button variant="light" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate('/')}>
      Go Back
    </Button>
  );
  return (
    <main className={classes.page}>
      <Container size="md" px={{ base: 'xs', sm: 'md' }}>
        <Paper className={classes.paper} shadow="sm" withBorder>
          {goBack}
          <Title order={1} mt="lg">
            {title}
          </Title>
          <Text c="dimmed" size="sm" mb="lg">
            {effective ?? 'Autoscope'}
          </Text>
          <div className={classes.body}>{children}</div>
          {goBack}
        </Paper>
      </Container>
    </main>
  );
}
