import { Fragment, useMemo, type ReactNode } from 'react';
import { Anchor, Code } from '@mantine/core';

import { parseMessage, type Inline } from '../text';
import { useChat, useNameOf } from './chatContext';
import classes from '../ChatPage.module.css';

/** A message's text: fenced and inline code, safe links and `<@id>` mentions as "@First Last"; never HTML. */
export function MessageText({ text }: { text: string }) {
  const { me } = useChat();
  const nameOf = useNameOf();
  const blocks = useMemo(() => parseMessage(text), [text]);

  const inline = (token: Inline, index: number): ReactNode => {
    switch (token.kind) {
      case 'text':
        return <Fragment key={index}>{token.text}</Fragment>;
      case 'code':
        return <Code key={index}>{token.text}</Code>;
      case 'link':
        return (
          <Anchor key={index} href={token.href} target="_blank" rel="noopener noreferrer">
            {token.text}
          </Anchor>
        );
      case 'mention':
        return (
          <span
            key={index}
            className={token.userId === me ? `${classes.mention} ${classes.mentionMe}` : classes.mention}
            data-user-id={token.userId}
          >
            @{nameOf(token.userId)}
          </span>
        );
    }
  };

  return (
    <div className={classes.text}>
      {blocks.map((block, index) =>
        block.kind === 'code' ? (
          <Code key={index} block className={classes.codeBlock} data-language={block.language ?? undefined}>
            {block.text}
          </Code>
        ) : (
          <p key={index} className={classes.paragraph}>
            {block.inlines.map(inline)}
          </p>
        ),
      )}
    </div>
  );
}
