/** The mask editor's keyboard shortcuts; `shortcutFor` is pure so tests and the key handler share it. */
export type ShortcutAction =
  | 'undo'
  | 'redo'
  | 'brush-smaller'
  | 'brush-larger'
  | 'tool-brush'
  | 'tool-eraser'
  | 'tool-select'
  | 'zoom-in'
  | 'zoom-out';

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

const SHORTCUTS: { action: ShortcutAction; hint: string; test(e: KeyLike): boolean }[] = [
  { action: 'undo', hint: 'Ctrl+Z', test: (e) => mod(e) && !e.shiftKey && lower(e) === 'z' },
  {
    action: 'redo',
    hint: 'Ctrl+Shift+Z',
    test: (e) => mod(e) && ((e.shiftKey && lower(e) === 'z') || (!e.shiftKey && lower(e) === 'y')),
  },
  { action: 'brush-smaller', hint: '[', test: (e) => plain(e) && e.key === '[' },
  { action: 'brush-larger', hint: ']', test: (e) => plain(e) && e.key === ']' },
  { action: 'tool-brush', hint: 'B', test: (e) => plain(e) && lower(e) === 'b' },
  { action: 'tool-eraser', hint: 'E', test: (e) => plain(e) && lower(e) === 'e' },
  { action: 'tool-select', hint: 'S', test: (e) => plain(e) && lower(e) === 's' },
  { action: 'zoom-in', hint: '+', test: (e) => !mod(e) && !e.altKey && (e.key === '+' || e.key === '=') },
  { action: 'zoom-out', hint: '-', test: (e) => !mod(e) && !e.altKey && (e.key === '-' || e.key === '_') },
];

const mod = (e: KeyLike) => e.ctrlKey || e.metaKey;
const plain = (e: KeyLike) => !mod(e) && !e.altKey;
const lower = (e: KeyLike) => e.key.toLowerCase();

export function shortcutFor(event: KeyLike): ShortcutAction | null {
  const matches = SHORTCUTS.filter((s) => s.test(event));
  // Two matches would be a bug in the table; doing nothing is safer than guessing.
  return matches.length === 1 ? matches[0].action : null;
}

export function shortcutHint(action: ShortcutAction): string {
  return SHORTCUTS.find((s) => s.action === action)!.hint;
}

/** Keys typed into a field belong to the field. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
