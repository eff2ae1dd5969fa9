import { Badge, Button, Group, Loader, Paper, SimpleGrid, Slider, Stack, Text, Title } from '@mantine/core';

import type { Weights } from './api';
import { WEIGHT_HINTS, WEIGHT_KEYS, WEIGHT_LABELS, weightShares } from './weights';
import classes from './RankingPage.module.css';

interface WeightsPanelProps {
  weights: Weights;
  /** What the server checks, or null. */
  problem: string | null;
  /** The weights differ from the saved ones. */
  dirty: boolean;
  /** A what-if ranking is on its way (or the sliders are still moving). */
  updating: boolean;
  saving: boolean;
  saveError: string | null;
  onChange: (weights: Weights) => void;
  onSave: () => void;
  onReset: () => void;
}

const MARKS = [0, 25, 50, 75, 100].map((value) => ({ value, label: String(value) }));

/** The three weight sliders: moving one re-ranks at once (what-if); Save keeps them, Reset goes back. */
export function WeightsPanel(props: WeightsPanelProps) {
  const { weights, problem, dirty, updating, saving, saveError, onChange, onSave, onReset } = props;
  const shares = weightShares(weights);

  return (
    <Paper withBorder p="md" className={classes.noPrint} component="section" aria-labelledby="ranking-weights-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (dirty && !problem) onSave();
        }}
      >
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs">
              <Title order={2} size="h4" id="ranking-weights-title">
                Weights
              </Title>
              {dirty && (
                <Badge variant="light" color="orange">
                  What-if, not saved
                </Badge>
              )}
              {updating && <Loader size="xs" aria-label="Re-ranking" />}
            </Group>
            <Group gap="xs">
              <Button variant="default" onClick={onReset} disabled={!dirty || saving}>
                Reset
              </Button>
              <Button type="submit" disabled={!dirty || problem !== null} loading={saving}>
                Save
              </Button>
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
            {WEIGHT_KEYS.map((key) => (
              <div key={key} className={classes.weight}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text fw={600}>
                    {WEIGHT_LABELS[key]}: {weights[key]}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {shares[key]}% of the score
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" mb="xs">
                  {WEIGHT_HINTS[key]}
                </Text>
                <Slider
                  min={0}
                  max={100}
                  step={1}
                  marks={MARKS}
                  value={weights[key]}
                  onChange={(value) => onChange({ ...weights, [key]: value })}
                  thumbLabel={`${WEIGHT_LABELS[key]} weight`}
                  mb="lg"
                />
              </div>
            ))}
          </SimpleGrid>
          {problem && (
            <Text c="red" size="sm" role="alert">
              {problem}
            </Text>
          )}
          {saveError && (
            <Text c="red" size="sm" role="alert">
              {saveError}
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
