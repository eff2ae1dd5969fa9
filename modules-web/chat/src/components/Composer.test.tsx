// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithShell, stubBrowser } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@autoscope/web-sdk';
import { PEOPLE, aMessage } from '../testFixtures';
import type { MessageView } from '../types';
import { Composer, type ComposerProps } from './Composer';

beforeAll(stubBrowser);
afterEach(cleanup);

/** The composer with its editing state held as the conversation holds it. */
function Harness(props: Partial<ComposerProps>) {
  const [editing, setEditing] = useState<MessageView | null>(null);
  return (
    <Composer
      label="Message"
      placeholder="Write a message"
      people={PEOPLE}
      lastOwn={null}
      editing={editing}
      onEditingChange={setEditing}
      onSend={async () => undefined}
      onEdit={async () => undefined}
      {...props}
    />
  );
}

function renderComposer(props: Partial<ComposerProps> = {}) {
  const onSend = vi.fn(props.onSend ?? (async () => undefined));
  const onEdit = vi.fn(props.onEdit ?? (async () => undefined));
  const onTyping = vi.fn();
  renderWithShell(<Harness {...props} onSend={onSend} onEdit={onEdit} onTyping={onTyping} />, { moduleKey: 'chat' });
  const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  return { box, onSend, onEdit, onTyping };
}

function type(box: HTMLTextAreaElement, value: string) {
  fireEvent.change(box, { target: { value, selectionStart: value.length, selectionEnd: value.length } });
}

describe('Composer', () => {
  it('sends on Enter and clears, but breaks the line on Shift+Enter', async () => {
    const { box, onSend } = renderComposer();
    type(box, 'Hello ');
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();

    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(onSend).toHaveBeenCalledWith({ text: 'Hello' }));
    await waitFor(() => expect(box.value).toBe(''));
  });

  it('sends nothing for an empty composer', () => {
    const { box, onSend } = renderComposer();
    type(box, '   ');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('keeps the text and shows the plugin’s message when sending fails', async () => {
    const { box } = renderComposer({
      onSend: () => Promise.reject(new ApiError(403, 'This channel is archived')),
    });
    type(box, 'Anyone?');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe('This channel is archived');
    expect(box.value).toBe('Anyone?');
  });

  it('refuses a message above 4,000 characters before sending', async () => {
    const { box, onSend } = renderComposer();
    type(box, 'x'.repeat(4001));
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe('A message may be at most 4,000 characters');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('edits my last message on Up in an empty composer: Enter saves', async () => {
    const mine = aMessage({ seq: 4, id: 'm4', author_id: 'user-1', text: 'Helo' });
    const { box, onEdit } = renderComposer({ lastOwn: mine });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    await waitFor(() => expect(box.value).toBe('Helo'));
    expect(screen.getByText(/Editing message/)).toBeTruthy();

    type(box, 'Hello');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(onEdit).toHaveBeenCalledWith('m4', 'Hello'));
    await waitFor(() => expect(box.value).toBe(''));
    expect(screen.queryByText(/Editing message/)).toBeNull();
  });

  it('cancels an edit on Escape and gives the draft back', async () => {
    const mine = aMessage({ seq: 4, id: 'm4', author_id: 'user-1', text: 'Helo' });
    const { box, onEdit, onSend } = renderComposer({ lastOwn: mine });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    await waitFor(() => expect(box.value).toBe('Helo'));
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(box.value).toBe(''));
    expect(onEdit).not.toHaveBeenCalled();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('does not edit on Up when the composer has text', () => {
    const mine = aMessage({ seq: 4, author_id: 'user-1', text: 'Helo' });
    const { box } = renderComposer({ lastOwn: mine });
    type(box, 'draft');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.value).toBe('draft');
    expect(screen.queryByText(/Editing message/)).toBeNull();
  });

  it('suggests people after @ and inserts <@id> for the one picked', async () => {
    const { box, onSend } = renderComposer();
    type(box, 'Hi @gr');
    const list = await screen.findByRole('listbox', { name: 'People to mention' });
    expect(list.textContent).toContain('Grace Hopper');
    expect(box.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(box.value).toBe('Hi <@u2> '));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('moves through the suggestions with the arrows, and Escape closes them', async () => {
    const { box } = renderComposer();
    type(box, '@');
    await screen.findByRole('listbox');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('picks a suggestion by click', async () => {
    const { box } = renderComposer();
    type(box, '@Ada');
    fireEvent.click(await screen.findByRole('option', { name: /Ada Lovelace/ }));
    await waitFor(() => expect(box.value).toBe('<@u1> '));
  });

  it('says it types at most every three seconds', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(10_000);
      const { box, onTyping } = renderComposer();
      type(box, 'H');
      type(box, 'He');
      expect(onTyping).toHaveBeenCalledTimes(1);
      vi.setSystemTime(13_000);
      type(box, 'Hel');
      expect(onTyping).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('checks a file before attaching it and sends it with the message', async () => {
    const { box, onSend } = renderComposer();
    const input = screen.getByLabelText('File to attach') as HTMLInputElement;
    const big = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    expect((await screen.findByRole('alert')).textContent).toBe('A file may be at most 5 MB');

    const renamed = new File(['MZ\x90'], 'photo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [renamed] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The file content does not match its type'));

    const notes = new File(['hello'], 'notes.txt', { type: '' });
    fireEvent.change(input, { target: { files: [notes] } });
    // Attached once its content is read and checked.
    expect(await screen.findByText(/notes\.txt/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() =>
      expect(onSend).toHaveBeenCalledWith({
        text: '',
        file: { name: 'notes.txt', mime: 'text/plain', data: btoa('hello') },
      }),
    );
  });
});
