import { CloseIcon, IconButton, SearchIcon, TextInput } from '@portal/ui';
import { useState, type ReactNode } from 'react';

export interface SearchBoxProps {
  /** The search in effect (from the URL). */
  value: string;
  /** Where it searches, for the placeholder ("title, description"). */
  columns: readonly string[];
  onSearch: (search: string) => void;
}

/** Full-text search over the text columns; runs on Enter, so typing sends nothing. */
export function SearchBox({ value, columns, onSearch }: SearchBoxProps): ReactNode {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    setText(value);
  }
  const shown = columns.slice(0, 3).join(', ') + (columns.length > 3 ? '…' : '');
  return (
    <form
      role="search"
      className="data-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <TextInput
        type="search"
        aria-label="Search rows"
        title={`Full-text search in ${columns.join(', ')}`}
        placeholder={`Search ${shown}`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        startAdornment={<SearchIcon />}
        endAdornment={
          value !== '' ? (
            <IconButton
              size="sm"
              label="Clear the search"
              icon={<CloseIcon />}
              onClick={() => {
                setText('');
                onSearch('');
              }}
            />
          ) : null
        }
      />
    </form>
  );
}
