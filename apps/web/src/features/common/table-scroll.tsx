import { Box, ScrollArea } from '@mantine/core';
import { type CSSProperties, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import classes from './table-scroll.module.css';

const EDGE_SHADOW = 'rgba(0, 0, 0, 0.14)';

function EdgeShadow({ side }: { side: 'left' | 'right' }) {
  return (
    <Box
      aria-hidden
      data-testid={`table-scroll-hint-${side}`}
      pos="absolute"
      top={0}
      bottom={0}
      w={20}
      style={{
        [side]: 0,
        pointerEvents: 'none',
        background: `linear-gradient(to ${side === 'right' ? 'left' : 'right'}, ${EDGE_SHADOW}, transparent)`,
      }}
    />
  );
}

type Props = {
  minWidth: number;
  label: string;
  /**
   * Below 640 px of its own width the table shows each row as a card of 'column: value' lines instead of
   * scrolling; every cell then needs `data-label` with its column's name.
   */
  stacksWhenNarrow?: boolean;
  children: ReactNode;
};

/**
 * A table wider than the screen scrolls inside its own box, never the page. A shadow on the edge where more
 * columns hide and an always-visible scrollbar show that it scrolls; the box takes keyboard focus so it can be
 * scrolled without a mouse.
 */
export function TableScroll({ minWidth, label, stacksWhenNarrow = false, children }: Props) {
  const viewport = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState({ left: false, right: false });

  const measure = useCallback(() => {
    const element = viewport.current;
    if (!element) return;
    const left = element.scrollLeft > 1;
    const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setHidden((current) => (current.left === left && current.right === right ? current : { left, right }));
  }, []);

  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);

  return (
    <Box pos="relative" className={`${classes.box} ${stacksWhenNarrow ? classes.stacks : ''}`}>
      <ScrollArea
        type="auto"
        scrollbars="x"
        offsetScrollbars="x"
        viewportRef={viewport}
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': label }}
        onScrollPositionChange={measure}
      >
        <Box className={classes.content} style={{ '--table-min-width': `${minWidth}px` } as CSSProperties}>
          {children}
        </Box>
      </ScrollArea>
      {hidden.left && <EdgeShadow side="left" />}
      {hidden.right && <EdgeShadow side="right" />}
    </Box>
  );
}
