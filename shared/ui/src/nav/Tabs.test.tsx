/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Tab, TabList, TabPanel, Tabs } from './Tabs.js';

function TableTabs({ onValueChange }: { onValueChange?: (value: string) => void }) {
  return (
    <Tabs defaultValue="rows" onValueChange={onValueChange}>
      <TabList label="Table views">
        <Tab value="rows">Rows</Tab>
        <Tab value="columns">Columns</Tab>
        <Tab value="policies" disabled>
          Policies
        </Tab>
        <Tab value="sql">SQL</Tab>
      </TabList>
      <TabPanel value="rows">Row grid</TabPanel>
      <TabPanel value="columns">Column list</TabPanel>
      <TabPanel value="policies">Policy list</TabPanel>
      <TabPanel value="sql">Definition</TabPanel>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('uses a roving tabindex: only the selected tab is in the Tab order', async () => {
    const user = userEvent.setup();
    render(<TableTabs />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('tabindex'))).toEqual(['0', '-1', '-1', '-1']);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Rows' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Rows' })).toHaveFocus();
  });

  it('moves and selects with the arrow keys, skipping disabled tabs and wrapping', async () => {
    const user = userEvent.setup();
    const onValueChange = jest.fn();
    render(<TableTabs onValueChange={onValueChange} />);
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Columns' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Columns' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Columns' })).toHaveTextContent('Column list');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'SQL' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Rows' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'SQL' })).toHaveAttribute('tabindex', '0');
    await user.keyboard('{Home}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'SQL' })).toHaveFocus();
    expect(onValueChange.mock.calls.map(([value]) => value)).toEqual(['columns', 'sql', 'rows', 'sql', 'rows', 'sql']);
    expect(screen.queryByText('Row grid')).not.toBeInTheDocument();
  });

  it('keeps the first tab reachable when nothing is selected yet', async () => {
    const user = userEvent.setup();
    render(
      <Tabs>
        <TabList label="Empty">
          <Tab value="a">A</Tab>
          <Tab value="b">B</Tab>
        </TabList>
      </Tabs>,
    );
    await user.tab();
    expect(screen.getByRole('tab', { name: 'A' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'B' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('tabindex'))).toEqual(['-1', '0']);
  });
});
