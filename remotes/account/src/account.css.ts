export const accountStylesheet = `
.account-narrow { max-width: 28rem; margin: var(--pui-space-8, 2rem) auto; }
.account-switch { margin: 0; color: var(--pui-text-muted, #667); }
`;
