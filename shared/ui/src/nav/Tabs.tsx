import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type ButtonHTMLAttributes,
  type HTMLAttributes,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { cx } from '../internal/cx.js';
import { useControllableState } from '../internal/useControllableState.js';
import { useStylesheet } from '../internal/useStylesheet.js';

interface TabsContextValue {
  baseId: string;
  value: string;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(component: string): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error(`@portal/ui: <${component}> must be inside <Tabs>.`);
  return context;
}

const safeId = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, '_');

export interface TabsProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onChange' | 'defaultValue'> {
  /** The selected tab (controlled). */
  value?: string;
  /** The tab selected at first (uncontrolled). */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

/** Tabs with automatic activation: arrow keys move between tabs and show their panel. */
export function Tabs({ value, defaultValue = '', onValueChange, className, ...rest }: TabsProps) {
  useStylesheet();
  const [current, select] = useControllableState(value, defaultValue, onValueChange);
  const baseId = `pui-tabs-${useId()}`;
  return (
    <TabsContext.Provider value={{ baseId, value: current, select }}>
      <div className={cx('pui-tabs', className)} {...rest} />
    </TabsContext.Provider>
  );
}

export interface TabListProps extends HTMLAttributes<HTMLDivElement> {
  /** Names the set of tabs for screen readers. */
  label: string;
}

/**
 * Scrolls a list that scrolls sideways (a phone's width) just enough to show its selected tab
 * whole: when the selection changes, and when the tab or the list changes size (a count arriving
 * in the tab's label, a phone turned). A tab picked by its URL or from a link would otherwise be
 * cut at the list's edge. Only the list scrolls, never the page. A ResizeObserver reads the sizes
 * after the browser's own layout, so a render of the tabs forces none.
 */
function useSelectedTabInView(listRef: RefObject<HTMLDivElement | null>, value: string) {
  useEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!list || !tab || typeof ResizeObserver === 'undefined') return;
    const show = () => {
      if (list.scrollWidth <= list.clientWidth) return;
      const start = tab.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
      const end = start + tab.offsetWidth;
      if (start < list.scrollLeft) list.scrollLeft = start;
      else if (end > list.scrollLeft + list.clientWidth) list.scrollLeft = end - list.clientWidth;
    };
    const observer = new ResizeObserver(show);
    observer.observe(tab);
    observer.observe(list);
    return () => observer.disconnect();
  }, [listRef, value]);
}

export function TabList({ label, className, onKeyDown, ...rest }: TabListProps) {
  const { select, value } = useTabs('TabList');
  const listRef = useRef<HTMLDivElement>(null);
  useSelectedTabInView(listRef, value);
  // With no tab selected (no value yet), keep the first one reachable by Tab; once one
  // is selected, the roving tabindex React renders is put back in charge.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const tabs = Array.from(list.querySelectorAll<HTMLElement>('[role="tab"]'));
    const anySelected = tabs.some((tab) => tab.getAttribute('aria-selected') === 'true');
    const fallback = anySelected ? null : tabs.find((tab) => !tab.hasAttribute('disabled'));
    for (const tab of tabs) {
      const selected = tab.getAttribute('aria-selected') === 'true';
      tab.setAttribute('tabindex', selected || tab === fallback ? '0' : '-1');
    }
  });
  // Roving tabindex: only the selected tab is in the Tab order; arrows move between tabs.
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    const tabs = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'));
    const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const targets: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const nextIndex = targets[event.key];
    if (nextIndex === undefined) return;
    event.preventDefault();
    const next = tabs[nextIndex];
    if (!next) return;
    next.focus();
    const nextValue = next.dataset.value;
    if (nextValue !== undefined) select(nextValue);
  };
  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      aria-orientation="horizontal"
      className={cx('pui-tab-list', className)}
      onKeyDown={handleKeyDown}
      {...rest}
    />
  );
}

export interface TabProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'value'> {
  value: string;
}

export function Tab({ value, className, onClick, ...rest }: TabProps) {
  const { baseId, value: selectedValue, select } = useTabs('Tab');
  const selected = value === selectedValue;
  return (
    <button
      type="button"
      role="tab"
      id={`${baseId}-tab-${safeId(value)}`}
      aria-controls={`${baseId}-panel-${safeId(value)}`}
      aria-selected={selected}
      tabIndex={selected ? 0 : -1}
      data-value={value}
      className={cx('pui-tab', className)}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) select(value);
      }}
      {...rest}
    />
  );
}

export interface TabPanelProps extends HTMLAttributes<HTMLDivElement> {
  value: string;
  /** Keep the panel's content mounted while hidden (e.g. to keep form state). */
  keepMounted?: boolean;
}

export function TabPanel({ value, keepMounted = false, className, children, ...rest }: TabPanelProps) {
  const { baseId, value: selectedValue } = useTabs('TabPanel');
  const selected = value === selectedValue;
  return (
    <div
      role="tabpanel"
      id={`${baseId}-panel-${safeId(value)}`}
      aria-labelledby={`${baseId}-tab-${safeId(value)}`}
      hidden={!selected}
      tabIndex={0}
      className={cx('pui-tab-panel', className)}
      {...rest}
    >
      {selected || keepMounted ? children : null}
    </div>
  );
}
