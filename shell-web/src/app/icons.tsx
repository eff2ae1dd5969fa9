/**
 * The icon names the shell knows: module pages (`icon` in module.toml) and page title
 * buttons (`PageButton.icon`) name one of these; an unknown name shows a puzzle piece.
 */

import {
  IconActivity,
  IconAlertTriangle,
  IconArchive,
  IconBell,
  IconBriefcase,
  IconBuilding,
  IconCalendar,
  IconChartBar,
  IconChartPie,
  IconCheck,
  IconDashboard,
  IconDatabase,
  IconDownload,
  IconEdit,
  IconEye,
  IconFileText,
  IconFilter,
  IconHome,
  IconInbox,
  IconKey,
  IconLayoutKanban,
  IconLifebuoy,
  IconListNumbers,
  IconLock,
  IconMail,
  IconMessage,
  IconPhoto,
  IconPlug,
  IconPlus,
  IconPuzzle,
  IconRefresh,
  IconRobot,
  IconSearch,
  IconSend,
  IconSettings,
  IconSitemap,
  IconTicket,
  IconTrash,
  IconUpload,
  IconUser,
  IconUsers,
  IconX,
  type Icon,
} from '@tabler/icons-react';

const ICONS: Readonly<Record<string, Icon>> = {
  activity: IconActivity,
  'alert-triangle': IconAlertTriangle,
  archive: IconArchive,
  bell: IconBell,
  briefcase: IconBriefcase,
  building: IconBuilding,
  calendar: IconCalendar,
  chart: IconChartBar,
  'chart-bar': IconChartBar,
  'chart-pie': IconChartPie,
  check: IconCheck,
  dashboard: IconDashboard,
  database: IconDatabase,
  download: IconDownload,
  edit: IconEdit,
  eye: IconEye,
  file: IconFileText,
  'file-text': IconFileText,
  filter: IconFilter,
  home: IconHome,
  inbox: IconInbox,
  kanban: IconLayoutKanban,
  key: IconKey,
  'layout-kanban': IconLayoutKanban,
  lifebuoy: IconLifebuoy,
  'list-numbers': IconListNumbers,
  lock: IconLock,
  mail: IconMail,
  message: IconMessage,
  chat: IconMessage,
  photo: IconPhoto,
  plug: IconPlug,
  plus: IconPlus,
  puzzle: IconPuzzle,
  refresh: IconRefresh,
  robot: IconRobot,
  bot: IconRobot,
  search: IconSearch,
  send: IconSend,
  settings: IconSettings,
  sitemap: IconSitemap,
  ticket: IconTicket,
  trash: IconTrash,
  upload: IconUpload,
  user: IconUser,
  users: IconUsers,
  x: IconX,
};

/** The names a module's page may give as its `icon` (docs/module-reference.md lists them). */
export const ICON_NAMES: readonly string[] = Object.keys(ICONS);

/** Renders a named icon; the puzzle piece for an unknown or missing name. */
export function NamedIcon({
  name,
  size = 20,
  stroke = 1.6,
}: {
  name: string | null | undefined;
  size?: number;
  stroke?: number;
}) {
  const Component = (name ? ICONS[name] : undefined) ?? IconPuzzle;
  return <Component size={size} stroke={stroke} aria-hidden />;
}
