import { useCallback, useEffect, useMemo, useState } from 'react';
import { BRUSH_SIZE, clampBrushSize, type Tool } from '../model/brush';
import { canRedo, canUndo, createHistory, current, push, redo, undo, type History } from '../model/history';
import { isTypingTarget, shortcutFor, type ShortcutAction } from '../model/shortcuts';
import type { Stroke, Strokes } from '../model/strokes';
import { ZOOM, zoomIn, zoomOut } from '../model/zoom';

/**
 * The mask editor's state: strokes with undo/redo (a history entry per finished stroke), tool, brush size and
 * zoom (neither of which is recorded), and the keyboard shortcuts while `keyboard` is on.
 */
export function useMaskEditor(keyboard: boolean) {
  const [history, setHistory] = useState<History<Strokes>>(() => createHistory<Strokes>([]));
  const [tool, setTool] = useState<Tool>('brush');
  const [brushSize, setBrushSize] = useState<number>(BRUSH_SIZE.default);
  const [zoom, setZoom] = useState<number>(ZOOM.default);

  const addStroke = useCallback((stroke: Stroke) => setHistory((h) => push(h, [...current(h), stroke])), []);
  /** Removes every mark as one history entry, so Undo brings them back. */
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
    brushSize,
    setBrushSize: (size: number) => setBrushSize(clampBrushSize(size)),
    zoom,
    addStroke,
    clear,
    actions,
  };
}

export type MaskEditorState = ReturnType<typeof useMaskEditor>;
