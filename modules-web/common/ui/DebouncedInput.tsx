import { useEffect, useRef, useState } from 'react';
import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';

interface DebouncedInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** The value in force (the URL's). */
  value: string;
  /** Called 300 ms after the last key, when the trimmed text differs from `value`. */
  onCommit: (value: string) => void;
  clearLabel: string;
}

/**
 * A text filter typed into locally: the list follows 300 ms after the last key, and a change
 * made elsewhere (the URL, "Clear filters") reaches the box.
 */
export function DebouncedInput({ value, onCommit, clearLabel, ...props }: DebouncedInputProps) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, 300);
  const latest = useRef({ value, onCommit });
  // The last text sent, to tell its echo in `value` from a change made elsewhere.
  const sent = useRef(value);
  useEffect(() => {
    latest.current = { value, onCommit };
  });

  useEffect(() => {
    const { value: current, onCommit: commit } = latest.current;
    if (debounced.trim() === current.trim()) return;
    sent.current = debounced.trim();
    commit(debounced);
  }, [debounced]);

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);

  return (
    <TextInput
      {...props}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      rightSection={text ? <CloseButton size="sm" aria-label={clearLabel} onClick={() => setText('')} /> : null}
    />
  );
}
