// Global styles, once, before any component's own CSS module: Mantine's (every
// component, since remotes render with the shell's Mantine) and the snackbars'.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
