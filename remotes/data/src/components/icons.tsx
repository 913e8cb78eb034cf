// Two icons the design system does not have yet, drawn like its own (24×24 strokes in currentColor).
import type { ReactNode, SVGProps } from 'react';

function icon(shapes: ReactNode) {
  return function LocalIcon(props: SVGProps<SVGSVGElement>): ReactNode {
    return (
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className="pui-icon" aria-hidden focusable="false" {...props}>
        {shapes}
      </svg>
    );
  };
}

export const FilterIcon = icon(<path d="M3 5h18l-7 8.5V19l-4 2v-7.5z" />);
export const DownloadIcon = icon(
  <>
    <path d="M12 4v11" />
    <path d="M7 10l5 5 5-5" />
    <path d="M5 20h14" />
  </>,
);
