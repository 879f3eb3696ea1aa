/**
 * A text in a list cell, cut after two lines with an ellipsis (issue 24: a
 * 535-character name stretched its row over the whole screen). The whole
 * text stays in the page (search, screen readers, copying) and shows in a
 * tooltip on hover, and on a tap or long press on a tablet; texts too short
 * to be cut get no tooltip (a list of 25 rows stays light).
 */
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Anchor, Text, Tooltip } from '@mantine/core';

/** Lines a cell shows before the ellipsis. */
export const CELL_TEXT_LINES = 2;

/** From this length a text may be cut in the narrowest column (130 px, about 16 characters a line): it gets the tooltip. */
export const LONG_CELL_TEXT = 30;

export function CellText({ text }: { text: string }) {
  const clamped = (
    <Text span inherit lineClamp={CELL_TEXT_LINES} style={{ overflowWrap: 'anywhere' }} data-cell-text>
      {text}
    </Text>
  );
  if (text.length < LONG_CELL_TEXT) return clamped;
  return (
    <Tooltip
      label={text}
      multiline
      maw={360}
      openDelay={300}
      events={{ hover: true, focus: false, touch: true }}
      style={{ overflowWrap: 'anywhere' }}
    >
      {clamped}
    </Tooltip>
  );
}

/** A link whose only content is a text (a name linking to its record). */
function isTextLink(value: ReactNode): value is ReactElement<{ children: string }> {
  return (
    isValidElement<{ children?: ReactNode }>(value) &&
    (value.type === Anchor || value.type === 'a') &&
    typeof value.props.children === 'string' &&
    value.props.children !== ''
  );
}

/**
 * A column's value as the list shows it: a text, or a link holding only a
 * text, is cut as CellText; anything else (badges, buttons, menus, groups)
 * is shown as it is.
 */
export function cellContent(value: ReactNode): ReactNode {
  if (typeof value === 'string') return value === '' ? value : <CellText text={value} />;
  if (isTextLink(value)) return cloneElement(value, undefined, <CellText text={value.props.children} />);
  return value;
}
