// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { fakeServer, renderWithShell, stubBrowser } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { indexPeople } from '@common/domain/people';
import { ADA, GRACE } from '@common/domain/testFixtures';
import { ALERTS_AUTHOR } from '../generated';
import { PEOPLE, aMessage } from '../testFixtures';
import type { MessageView } from '../types';
import { ChatContext } from './chatContext';
import { MessageItem } from './MessageItem';

beforeAll(stubBrowser);
afterEach(cleanup);

function renderMessage(message: MessageView, server = fakeServer()) {
  const actions = { onReact: vi.fn(), onOpenThread: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
  const context = { me: 'user-1', people: PEOPLE, byId: indexPeople(PEOPLE), presence: {} };
  renderWithShell(
    <ChatContext.Provider value={context}>
      <MessageItem message={message} header {...actions} />
    </ChatContext.Provider>,
    { moduleKey: 'chat', server },
  );
  return { ...actions, article: screen.getByRole('article') };
}

describe('MessageItem', () => {
  it('shows the author with initials, the time and (edited)', () => {
    const { article } = renderMessage(aMessage({ text: 'Hello', edited: true }));
    expect(article.getAttribute('aria-label')).toMatch(/^Ada Lovelace, \d\d:\d\d [ap]m$/);
    expect(within(article).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(article).getByText('AL')).toBeTruthy();
    expect(within(article).getByText('(edited)')).toBeTruthy();
  });

  it('shows what the Alerts module posted as Alerts, with a bell, no presence and no author actions', () => {
    const link = 'https://portal.example.com/Alerts?incident=i1';
    const message = aMessage({
      author_id: ALERTS_AUTHOR,
      text: `🔴 Critical: Invoices failing — 3 of 10 runs failed\n${link}`,
    });
    const { article, onReact, onOpenThread } = renderMessage(message);
    expect(article.getAttribute('aria-label')).toMatch(/^Alerts, \d\d:\d\d [ap]m$/);
    expect(within(article).getByText('Alerts')).toBeTruthy();
    expect(article.querySelector('[data-module-author] svg')).not.toBeNull();
    expect(within(article).queryByText('A')).toBeNull();
    expect(within(article).queryByText('Former user')).toBeNull();
    expect(article.querySelector('[data-status]')).toBeNull();
    expect(within(article).getByRole('link', { name: link }).getAttribute('href')).toBe(link);
    expect(within(article).queryByRole('button', { name: 'Message actions' })).toBeNull();
    fireEvent.click(within(article).getByRole('button', { name: 'Reply in thread' }));
    expect(onOpenThread).toHaveBeenCalledWith(message);
    fireEvent.click(within(article).getByRole('button', { name: 'Add reaction' }));
    fireEvent.click(screen.getByRole('button', { name: 'React with 👍' }));
    expect(onReact).toHaveBeenCalledWith(message, '👍');
  });

  it('renders mentions as names, safe links as anchors and the rest as text', () => {
    const { article } = renderMessage(
      aMessage({
        text: 'Hi <@u2>, see https://example.com/x and javascript:alert(1) <img src=x onerror=alert(1)>',
      }),
    );
    expect(within(article).getByText('@Grace Hopper').getAttribute('data-user-id')).toBe(GRACE.user_id);
    const link = within(article).getByRole('link', { name: 'https://example.com/x' });
    expect(link.getAttribute('href')).toBe('https://example.com/x');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(article).getAllByRole('link')).toHaveLength(1);
    expect(article.querySelector('img')).toBeNull();
    expect(article.textContent).toContain('javascript:alert(1) <img src=x onerror=alert(1)>');
  });

  it('renders fenced and inline code', () => {
    const { article } = renderMessage(aMessage({ text: 'Run `npm ci` then:\n```\nnpm test\n```' }));
    expect(within(article).getByText('npm ci').tagName).toBe('CODE');
    expect(article.querySelector('pre')?.textContent).toBe('npm test');
  });

  it('says a deleted message was deleted', () => {
    const { article } = renderMessage(aMessage({ text: '', deleted: true }));
    expect(within(article).getByText('This message was deleted')).toBeTruthy();
    expect(within(article).queryByRole('button', { name: 'Add reaction' })).toBeNull();
  });

  it('shows reactions with counts, mine pressed, and toggles one on click', () => {
    const message = aMessage({
      reactions: [
        { emoji: '👍', user_ids: ['user-1', ADA.user_id] },
        { emoji: '🎉', user_ids: [GRACE.user_id] },
      ],
    });
    const { onReact } = renderMessage(message);
    const thumbs = screen.getByRole('button', { name: '👍 2' });
    expect(thumbs.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '🎉 1' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(thumbs);
    expect(onReact).toHaveBeenCalledWith(message, '👍');
  });

  it('offers the fixed emoji set', () => {
    const message = aMessage();
    const { onReact } = renderMessage(message);
    fireEvent.click(screen.getByRole('button', { name: 'Add reaction' }));
    fireEvent.click(screen.getByRole('button', { name: 'React with 🎉' }));
    expect(onReact).toHaveBeenCalledWith(message, '🎉');
  });

  it('opens the thread from its reply count', () => {
    const message = aMessage({ reply_count: 3 });
    const { onOpenThread } = renderMessage(message);
    fireEvent.click(screen.getByRole('button', { name: '3 replies' }));
    expect(onOpenThread).toHaveBeenCalledWith(message);
  });

  it('lets the author edit and delete, and nobody else', () => {
    renderMessage(aMessage());
    expect(screen.queryByRole('button', { name: 'Message actions' })).toBeNull();
    cleanup();
    const mine = aMessage({ author_id: 'user-1' });
    const { onEdit, onDelete } = renderMessage(mine);
    fireEvent.click(screen.getByRole('button', { name: 'Message actions' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit message' }));
    expect(onEdit).toHaveBeenCalledWith(mine);
    fireEvent.click(screen.getByRole('button', { name: 'Message actions' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete message' }));
    expect(onDelete).toHaveBeenCalledWith(mine);
  });

  it('shows an image file inline from its content', async () => {
    const server = fakeServer().on('GET', '/api/m/chat/files/f1', { name: 'cat.png', mime: 'image/png', data: 'iVBO' });
    renderMessage(
      aMessage({ text: '', file: { id: 'f1', name: 'cat.png', mime: 'image/png', size: 3, image: true } }),
      server,
    );
    const image = await screen.findByRole('img', { name: 'cat.png' });
    expect(image.getAttribute('src')).toBe('data:image/png;base64,iVBO');
  });

  it('offers another file for download', () => {
    renderMessage(
      aMessage({ file: { id: 'f2', name: 'report.pdf', mime: 'application/pdf', size: 2048, image: false } }),
    );
    expect(screen.getByRole('button', { name: 'Download report.pdf' }).textContent).toContain('report.pdf, 2 KB');
  });
});
