/**
 * Copying: a button on each code block, the swatches of a palette (they copy their value), a prompt's
 * Copy and Open in Cursor. What was copied is said in a polite live region.
 */
let status: HTMLElement | undefined;

function announce(message: string): void {
  if (!status) {
    status = document.createElement('div');
    status.className = 'visually-hidden';
    status.setAttribute('role', 'status');
    document.body.append(status);
  }
  status.textContent = '';
  // A change the screen reader notices even when the same message repeats.
  setTimeout(() => (status!.textContent = message), 50);
}

async function copy(text: string, what: string, button?: HTMLButtonElement): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    announce('Copying is not available here');
    return;
  }
  announce(`${what} copied to the clipboard`);
  if (!button) return;
  const label = button.textContent;
  button.textContent = 'Copied';
  setTimeout(() => (button.textContent = label), 1500);
}

const button = (text: string, onClick: (button: HTMLButtonElement) => void) => {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = text;
  element.addEventListener('click', () => onClick(element));
  return element;
};

export function enhanceCopying(): void {
  for (const block of document.querySelectorAll<HTMLElement>('.code-block')) {
    const code = block.querySelector('pre');
    if (!code) continue;
    const copyButton = button('Copy', (self) => copy(code.textContent ?? '', 'Code', self));
    copyButton.className = 'copy-button';
    copyButton.setAttribute('aria-label', 'Copy code');
    block.append(copyButton);
  }
  for (const swatch of document.querySelectorAll<HTMLElement>('span.color-swatch')) {
    const item = swatch.closest('.color-item');
    const values = [...(item?.querySelectorAll<HTMLElement>('.color-value') ?? [])];
    const shown = () => values.find((value) => getComputedStyle(value).display !== 'none')?.textContent ?? '';
    const swatchButton = button('', () => copy(shown(), shown()));
    swatchButton.className = 'color-swatch';
    swatchButton.setAttribute('style', swatch.getAttribute('style') ?? '');
    swatchButton.setAttribute('aria-label', `Copy ${item?.querySelector('.color-name')?.textContent ?? 'colour'}`);
    swatch.replaceWith(swatchButton);
  }
  for (const prompt of document.querySelectorAll<HTMLElement>('.prompt')) {
    const body = prompt.querySelector<HTMLElement>('.prompt-body');
    if (!body) continue;
    const actions = document.createElement('div');
    actions.className = 'prompt-actions';
    const words = (prompt.dataset.actions ?? 'copy').split(' ');
    if (words.includes('copy')) actions.append(button('Copy', (self) => copy((body.textContent ?? '').trim(), 'Prompt', self)));
    if (words.includes('cursor')) {
      const link = document.createElement('a');
      link.href = `https://cursor.com/link/prompt?text=${encodeURIComponent((body.textContent ?? '').trim())}`.slice(0, 8000);
      link.rel = 'noopener noreferrer';
      link.textContent = 'Open in Cursor';
      actions.append(link);
    }
    prompt.querySelector('.prompt-head')?.append(actions);
  }
}
