/**
 * Open modal dialogs, innermost last. Only the innermost one reacts to Escape and keeps
 * focus, so a ConfirmDialog opened from a Dialog closes alone.
 */
const stack: symbol[] = [];

export function pushDialog(token: symbol): () => void {
  stack.push(token);
  if (stack.length === 1) document.body.classList.add('pui-scroll-locked');
  return () => {
    const index = stack.indexOf(token);
    if (index >= 0) stack.splice(index, 1);
    if (stack.length === 0) document.body.classList.remove('pui-scroll-locked');
  };
}

export function isTopDialog(token: symbol): boolean {
  return stack[stack.length - 1] === token;
}
