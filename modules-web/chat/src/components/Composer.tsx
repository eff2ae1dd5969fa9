import { useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { ActionIcon, Badge, CloseButton, Group, Paper, Text, Textarea, UnstyledButton } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';

import { personName, type Person } from '@common/domain/people';
import { errorMessage } from '@common/lib/errors';
import { readAsBase64, readBytes } from '@common/lib/files';
import { FILE_RULES, fileCaption } from '../attachments';
import { activeMention, insertMention, matchPeople } from '../mentions';
import { shouldSendTyping } from '../typing';
import type { FileUpload, MessageView } from '../types';
import { messageProblem } from '../validation';
import classes from '../ChatPage.module.css';

export interface ComposerProps {
  /** The textbox's label: "Message", or "Reply" in a thread. */
  label: string;
  placeholder: string;
  /** Whom `@` suggests. */
  people: readonly Person[];
  /** My last message here: Up in an empty composer edits it. */
  lastOwn: MessageView | null;
  /** The message being edited (from Up or its menu), or null. */
  editing: MessageView | null;
  onEditingChange: (message: MessageView | null) => void;
  /** Sends a new message; rejects with the plugin's error. */
  onSend: (body: { text: string; file?: FileUpload }) => Promise<unknown>;
  /** Saves an edit; rejects with the plugin's error. */
  onEdit: (id: string, text: string) => Promise<unknown>;
  /** Called while typing, at most every 3 s. */
  onTyping?: () => void;
}

/**
 * The composer: Enter sends, Shift+Enter breaks the line, Up in an empty composer edits my last
 * message (Enter saves, Escape cancels), `@` suggests people and inserts `<@id>`, the paperclip
 * attaches a file (its size checked first).
 */
export function Composer({
  label,
  placeholder,
  people,
  lastOwn,
  editing,
  onEditingChange,
  onSend,
  onEdit,
  onTyping,
}: ComposerProps) {
  const listId = useId();
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [active, setActive] = useState(0);
  /** The `@` whose suggestions Escape closed. */
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  /** The draft kept while a message is edited. */
  const [draft, setDraft] = useState('');
  const [editingSeen, setEditingSeen] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const lastTyping = useRef<number | null>(null);

  // Editing starts or ends (Up, a message's menu, a save): the text follows.
  const editingId = editing?.id ?? null;
  if (editingId !== editingSeen) {
    setEditingSeen(editingId);
    setError(null);
    if (editing) {
      if (editingSeen === null) setDraft(text);
      setText(editing.text);
      setCaret(editing.text.length);
    } else {
      setText(draft);
      setCaret(draft.length);
    }
  }

  const found = activeMention(text, caret);
  const mention = found && found.start !== dismissedAt ? found : null;
  const matches = mention ? matchPeople(people, mention.query) : [];
  const suggesting = mention !== null && matches.length > 0;
  const activeIndex = Math.min(active, Math.max(0, matches.length - 1));

  const placeCaret = (position: number) => {
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(position, position);
    });
  };

  const pick = (person: Person) => {
    if (!mention) return;
    const next = insertMention(text, mention, caret, person.user_id);
    setText(next.text);
    setCaret(next.caret);
    setActive(0);
    placeCaret(next.caret);
  };

  const submit = async () => {
    if (sending) return;
    if (editing) {
      const problem = messageProblem(text, false);
      if (problem) return setError(problem);
      if (text.trim() === editing.text.trim()) return onEditingChange(null);
      setSending(true);
      try {
        await onEdit(editing.id, text.trim());
        setDraft('');
        onEditingChange(null);
      } catch (failure) {
        setError(errorMessage(failure));
      } finally {
        setSending(false);
      }
      return;
    }
    if (text.trim() === '' && !file) return;
    const problem = messageProblem(text, file !== null);
    if (problem) return setError(problem);
    setSending(true);
    setError(null);
    try {
      const upload = file
        ? { name: file.name, mime: FILE_RULES.mimeOf(file.name) ?? file.type, data: await readAsBase64(file) }
        : undefined;
      await onSend(upload ? { text: text.trim(), file: upload } : { text: text.trim() });
      setText('');
      setCaret(0);
      setFile(null);
      lastTyping.current = null;
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (suggesting && mention) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + matches.length) % matches.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        const person = matches[activeIndex];
        if (person) pick(person);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedAt(mention.start);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.altKey) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'ArrowUp' && text === '' && !editing && lastOwn) {
      event.preventDefault();
      onEditingChange(lastOwn);
    } else if (event.key === 'Escape' && editing) {
      event.preventDefault();
      onEditingChange(null);
    }
  };

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const value = event.currentTarget.value;
    setText(value);
    setCaret(event.currentTarget.selectionStart ?? value.length);
    setActive(0);
    if (error) setError(null);
    if (value.trim() !== '' && !editing && onTyping) {
      const now = Date.now();
      if (shouldSendTyping(lastTyping.current, now)) {
        lastTyping.current = now;
        onTyping();
      }
    }
  };

  /** Checks a chosen file as the plugin will (type, size, then its content) before attaching it. */
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.currentTarget.files?.[0] ?? null;
    event.currentTarget.value = '';
    if (!chosen) return;
    let problem;
    try {
      problem = FILE_RULES.uploadProblem(chosen, 0) ?? FILE_RULES.contentProblem(chosen.name, await readBytes(chosen));
    } catch (failure) {
      problem = errorMessage(failure);
    }
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setFile(chosen);
  };

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div className={classes.composer}>
      {editing && (
        <Group justify="space-between" gap="xs" mb={4}>
          <Text size="xs" c="dimmed">
            Editing message · Enter saves, Escape cancels
          </Text>
          <CloseButton size="sm" aria-label="Cancel editing" onClick={() => onEditingChange(null)} />
        </Group>
      )}
      {suggesting && (
        <Paper withBorder shadow="sm" p={4} className={classes.suggestions}>
          <div role="listbox" id={listId} aria-label="People to mention">
            {matches.map((person, index) => (
              <UnstyledButton
                key={person.user_id}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                className={classes.suggestion}
                data-active={index === activeIndex || undefined}
                tabIndex={-1}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(person)}
              >
                <Text size="sm">{personName(person)}</Text>
                <Text size="xs" c="dimmed">
                  {person.email}
                </Text>
              </UnstyledButton>
            ))}
          </div>
        </Paper>
      )}
      {file && (
        <Group gap={4} mb={4}>
          <Badge
            variant="light"
            rightSection={<CloseButton size="xs" aria-label={`Remove ${file.name}`} onClick={() => setFile(null)} />}
          >
            {fileCaption(file)}
          </Badge>
        </Group>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        {!editing && (
          <>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label="Attach a file"
              onClick={() => fileInput.current?.click()}
            >
              <IconPaperclip size={18} />
            </ActionIcon>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept={FILE_RULES.accept}
              aria-label="File to attach"
              onChange={(event) => void onFile(event)}
            />
          </>
        )}
        <Textarea
          ref={input}
          className={classes.input}
          aria-label={label}
          placeholder={placeholder}
          autosize
          minRows={1}
          maxRows={8}
          value={text}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart ?? 0)}
          aria-autocomplete="list"
          aria-expanded={suggesting}
          aria-controls={suggesting ? listId : undefined}
          aria-activedescendant={suggesting ? optionId(activeIndex) : undefined}
          error={error ?? undefined}
          errorProps={{ role: 'alert' }}
        />
        <ActionIcon size="lg" aria-label={editing ? 'Save' : 'Send'} loading={sending} onClick={() => void submit()}>
          <IconSend size={18} />
        </ActionIcon>
      </Group>
    </div>
  );
}
