/**
 * Below this width the side navigation becomes a drawer behind a toggle button in the
 * header. One constant for the stylesheet and for AppShell, so the two always agree.
 * (767.98 rather than `width < 768px`: range syntax is too new for some supported browsers.)
 */
export const DRAWER_MEDIA = '(max-width: 767.98px)';
