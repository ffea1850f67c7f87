import { useCallback, useEffect, useMemo, useState } from 'react';
import { BRUSH_SIZE, clampBrushSize, type MaskTool } from '../model/brush';
import { canRedo, canUndo, createHistory, current, push, redo, undo, type History } from '../model/history';
import { isTypingTarget, shortcutFor, type ShortcutAction } from '../model/shortcuts';
import type { Stroke, Strokes } from '../model/strokes';
import { replaceStroke } from '../model/tap-select';
import { ZOOM, zoomIn, zoomOut } from '../model/zoom';

/**
 * The mask editor's state: strokes with undo/redo (a history entry per finished stroke and per answered tap),
 * tool, brush size and zoom (none of which is recorded), and the keyboard shortcuts while `keyboard` is on.
 * `select` offers the Select tool (tap to select), `initialTool` is the tool the editor opens with.
 */
export function useMaskEditor(
  keyboard: boolean,
  { select = false, initialTool = 'brush' }: { select?: boolean; initialTool?: MaskTool } = {},
) {
  const [history, setHistory] = useState<History<Strokes>>(() => createHistory<Strokes>([]));
  const [chosenTool, setTool] = useState<MaskTool>(initialTool);
  // Select is offered only where a tap can be answered; elsewhere the brush stands in.
  const tool: MaskTool = chosenTool === 'select' && !select ? 'brush' : chosenTool;
  const [brushSize, setBrushSize] = useState<number>(BRUSH_SIZE.default);
  const [zoom, setZoom] = useState<number>(ZOOM.default);

  const addStroke = useCallback((stroke: Stroke) => setHistory((h) => push(h, [...current(h), stroke])), []);
  /** A tap's answer: `previous` (the selection it refines) replaced in place, or a new selection added. */
  const replace = useCallback(
    (previous: Stroke | null, next: Stroke) =>
      setHistory((h) => push(h, replaceStroke(current(h), previous, next))),
    [],
  ); /** Removes every mark as one history entry, so Undo brings them back. */
  const clear = useCallback(() => setHistory((h) => (current(h).length ? push(h, []) : h)), []);
  // Only stable state setters inside, so the table never changes.
  const actions = useMemo<Record<ShortcutAction, () => void>>(
    () => ({
      undo: () => setHistory(undo),
      redo: () => setHistory(redo),
      'brush-smaller': () => setBrushSize((s) => clampBrushSize(s - BRUSH_SIZE.step)),
      'brush-larger': () => setBrushSize((s) => clampBrushSize(s + BRUSH_SIZE.step)),
      'tool-brush': () => setTool('brush'),
      'tool-eraser': () => setTool('eraser'),
      'tool-select': () => setTool('select'),
      'zoom-in': () => setZoom(zoomIn),
      'zoom-out': () => setZoom(zoomOut),
    }),
    [],
  );

  useEffect(() => {
    if (!keyboard) return;
    function onKeyDown(event: KeyboardEvent) {
      if (isTypingTarget(event.target)) return;
      const action = shortcutFor(event);
      if (!action) return;
      event.preventDefault();
      actions[action]();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [keyboard, actions]);

  return {
    strokes: current(history),
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    tool,
    setTool,
    canSelect: select,
    brushSize,
    setBrushSize: (size: number) => setBrushSize(clampBrushSize(size)),
    zoom,
    addStroke,
    replace,
    clear,
    actions,
  };
}

export type MaskEditorState = ReturnType<typeof useMaskEditor>;
