/**
 * @autoscope/web-sdk/testing — for the tests of the shell and of module remotes, never for
 * what they build: a fake host and rendering inside the shell's providers (jsdom). Needs
 * `@mantine/core`, `@tanstack/react-query`, `react-router` and `@testing-library/react`.
 */

export { FakeReply, fakeRealtimeServer, fakeServer, reply, settle } from './fakeServer';
export type { FakeHandler, FakeRealtimeServer, FakeRequest, FakeServer, FakeStream } from './fakeServer';

export { TEST_USER, mediaQueries, renderWithShell, stubBrowser } from './renderWithShell';
export type { ShellOptions, ShellRender } from './renderWithShell';
