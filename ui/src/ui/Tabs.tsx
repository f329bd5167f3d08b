import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'react';

export interface Tab {
  id: string;
  label: string;
  content: ComponentChildren;
}

/**
 * WAI-ARIA tabs: one tab stop for the list (roving tabindex), Left/Right arrows move and
 * select, Home/End jump to the ends.
 */
export function Tabs({ id, label, tabs, initial = 0 }: { id: string; label: string; tabs: Tab[]; initial?: number }) {
  const [selected, setSelected] = useState(initial);
  const list = useRef<HTMLDivElement>(null);

  const select = (index: number) => {
    const next = (index + tabs.length) % tabs.length;
    setSelected(next);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    if (!(e.key in moves)) return;
    e.preventDefault();
    select(moves[e.key]);
  };

  return (
    <div class="tabs">
      <div role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown} class="tabs__list">
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.id}`}
            aria-selected={i === selected ? 'true' : 'false'}
            aria-controls={`${id}-panel-${tab.id}`}
            tabIndex={i === selected ? 0 : -1}
            class="tabs__tab"
            onClick={() => select(i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${id}-panel-${tab.id}`}
          aria-labelledby={`${id}-tab-${tab.id}`}
          tabIndex={0}
          hidden={i !== selected}
          class="tabs__panel"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
