/**
 * The theme configurator (desktop only), kept per user: the appearance first (colour scheme,
 * density, content background, page title style), then the template's thirteen switches of
 * the header, sidebar, page title and footer under 'Advanced'.
 */

import {
  Button,
  CheckIcon,
  ColorSwatch,
  Drawer,
  Group,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';

import {
  CONTENT_BACKGROUNDS,
  DENSITIES,
  PAGE_TITLE_STYLES,
  type ColorScheme,
  type Density,
  type ContentBackground,
  type PageTitleStyle,
  type ThemeOptions,
} from './options';
import type { ThemeControls } from './useThemeOptions';

type BooleanOption = { [K in keyof ThemeOptions]: ThemeOptions[K] extends boolean ? K : never }[keyof ThemeOptions];

interface Toggle {
  key: BooleanOption;
  label: string;
}

const HEADER_TOGGLES: readonly Toggle[] = [
  { key: 'headerFixed', label: 'Fixed header' },
  { key: 'headerShadow', label: 'Header shadow' },
];

const SIDEBAR_TOGGLES: readonly Toggle[] = [
  { key: 'sidebarFixed', label: 'Fixed sidebar' },
  { key: 'sidebarShadow', label: 'Sidebar shadow' },
  { key: 'sidebarFooter', label: 'Sidebar footer' },
  { key: 'sidebarUserbox', label: 'Sidebar userbox' },
  { key: 'sidebarToggle', label: 'Collapsed sidebar' },
];

const PAGE_TITLE_TOGGLES: readonly Toggle[] = [
  { key: 'pageTitleShadow', label: 'Title shadow' },
  { key: 'pageTitleBreadcrumb', label: 'Breadcrumb' },
  { key: 'pageTitleIconBox', label: 'Icon box' },
  { key: 'pageTitleDescription', label: 'Description' },
];

const FOOTER_TOGGLES: readonly Toggle[] = [
  { key: 'footerFixed', label: 'Fixed footer' },
  { key: 'footerShadow', label: 'Footer shadow' },
];

/** The template's switches, shown under 'Advanced' in this order. */
const ADVANCED: readonly { title: string; toggles: readonly Toggle[] }[] = [
  { title: 'Header', toggles: HEADER_TOGGLES },
  { title: 'Sidebar', toggles: SIDEBAR_TOGGLES },
  { title: 'Page title', toggles: PAGE_TITLE_TOGGLES },
  { title: 'Footer', toggles: FOOTER_TOGGLES },
];

interface ThemeDrawerProps extends ThemeControls {
  opened: boolean;
  onClose: () => void;
}

function Toggles({
  toggles,
  options,
  change,
}: { toggles: readonly Toggle[] } & Pick<ThemeControls, 'options' | 'change'>) {
  return (
    <Stack gap="xs">
      {toggles.map(({ key, label }) => (
        <Switch
          key={key}
          label={label}
          checked={options[key]}
          onChange={(event) => change({ [key]: event.currentTarget.checked })}
        />
      ))}
    </Stack>
  );
}

const SCHEME_CHOICES: { value: ColorScheme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'System' },
];

const DENSITY_LABELS: Record<Density, string> = { comfortable: 'Comfortable', compact: 'Compact' };

export function ThemeDrawer({ opened, onClose, options, change, reset }: ThemeDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="sm" title="Theme configurator">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={5}>Colour scheme</Title>
          <SegmentedControl
            aria-label="Colour scheme"
            value={options.colorScheme}
            onChange={(value) => change({ colorScheme: value as ColorScheme })}
            data={SCHEME_CHOICES}
            fullWidth
          />
        </Stack>
        <Stack gap="xs">
          <Title order={5}>Density</Title>
          <SegmentedControl
            aria-label="Density"
            value={options.density}
            onChange={(value) => change({ density: value as Density })}
            data={(Object.keys(DENSITIES) as Density[]).map((value) => ({ value, label: DENSITY_LABELS[value] }))}
            fullWidth
          />
        </Stack>
        <Stack gap="xs">
          <Title order={5}>Content background</Title>
          <Group gap="xs" role="radiogroup" aria-label="Content background colour">
            {(
              Object.entries(CONTENT_BACKGROUNDS) as [
                ContentBackground,
                (typeof CONTENT_BACKGROUNDS)[ContentBackground],
              ][]
            ).map(([name, { label, color }]) => (
              <Tooltip key={name} label={label}>
                <ColorSwatch
                  component="button"
                  type="button"
                  color={color}
                  role="radio"
                  aria-checked={options.contentBackground === name}
                  aria-label={label}
                  onClick={() => change({ contentBackground: name })}
                  style={{ cursor: 'pointer', border: '1px solid var(--mantine-color-gray-4)' }}
                >
                  {options.contentBackground === name && <CheckIcon size={12} color="#1c2a4a" />}
                </ColorSwatch>
              </Tooltip>
            ))}
          </Group>
        </Stack>
        <Stack gap="xs">
          <Title order={5}>Page title style</Title>
          <SegmentedControl
            aria-label="Page title style"
            value={String(options.pageTitleStyle)}
            onChange={(value) => change({ pageTitleStyle: Number(value) as PageTitleStyle })}
            data={PAGE_TITLE_STYLES.map((style) => ({ value: String(style), label: `Style ${style}` }))}
            fullWidth
          />
        </Stack>
        <Title order={4}>Advanced</Title>
        {ADVANCED.map(({ title, toggles }) => (
          <Stack key={title} gap="xs">
            <Title order={5}>{title}</Title>
            <Toggles toggles={toggles} options={options} change={change} />
          </Stack>
        ))}
        <Text size="xs" c="dimmed">
          These settings are kept for you on this browser.
        </Text>
        <Button variant="light" onClick={reset}>
          Restore the defaults
        </Button>
      </Stack>
    </Drawer>
  );
}
