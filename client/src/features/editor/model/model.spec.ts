import { describe, expect, it } from 'vitest';
import { BRUSH_SIZE, clampBrushSize, strokeWidth } from './brush';
import { editorReducer, initialEditorState, stageOf, type EditorState, type Upload } from './editor-state';
import { canRedo, canUndo, createHistory, current, push, redo, undo } from './history';
import { appendPoint } from './strokes';
import { fileProblem, processLabel, processProblem } from './validation';
import { shortcutFor } from './shortcuts';
import { ZOOM, fitScale, zoomIn, zoomOut } from './zoom';

describe('brush', () => {
  it('keeps the slider on 5..100 in steps of 5, 40 by default', () => {
    expect(BRUSH_SIZE).toEqual({ min: 5, max: 100, step: 5, default: 40 });
    expect(clampBrushSize(0)).toBe(5);
    expect(clampBrushSize(42)).toBe(40);
    expect(clampBrushSize(43)).toBe(45);
    expect(clampBrushSize(500)).toBe(100);
  });

  it('scales the stroke by the image diagonal / 1000, never below the slider value', () => {
    expect(strokeWidth(40, 300, 400)).toBe(40);
    expect(strokeWidth(40, 3000, 4000)).toBe(200);
    expect(strokeWidth(5, 10, 10)).toBe(5);
  });
});

describe('zoom', () => {
  it('steps by 25 between 50 and 200 %', () => {
    expect(ZOOM.default).toBe(100);
    expect(zoomIn(100)).toBe(125);
    expect(zoomIn(200)).toBe(200);
    expect(zoomOut(100)).toBe(75);
    expect(zoomOut(50)).toBe(50);
  });

  it('fits a large photo into the box and never enlarges a small one past 100 %', () => {
    expect(fitScale(4000, 3000, 800, 600)).toBeCloseTo(0.2);
    expect(fitScale(400, 300, 800, 600)).toBe(1);
    expect(fitScale(1000, 2000, 800, 600)).toBeCloseTo(0.3);
  });
});

describe('history', () => {
  it('undoes and redoes, refusing at both ends', () => {
    let sut = createHistory<string[]>([]);
    expect(canUndo(sut)).toBe(false);
    expect(canRedo(sut)).toBe(false);
    sut = push(sut, ['a']);
    sut = push(sut, ['a', 'b']);
    expect(current(sut)).toEqual(['a', 'b']);
    sut = undo(sut);
    expect(current(sut)).toEqual(['a']);
    expect(canRedo(sut)).toBe(true);
    sut = undo(undo(sut));
    expect(current(sut)).toEqual([]);
    expect(canUndo(sut)).toBe(false);
    sut = redo(redo(redo(sut)));
    expect(current(sut)).toEqual(['a', 'b']);
    expect(canRedo(sut)).toBe(false);
  });

  it('drops the redo entries when a new entry is pushed', () => {
    let sut = push(push(createHistory(0), 1), 2);
    sut = push(undo(undo(sut)), 3);
    expect(sut.entries).toEqual([0, 3]);
    expect(canRedo(sut)).toBe(false);
  });
});

describe('strokes', () => {
  it('skips points that barely move, relative to the stroke width', () => {
    const one = appendPoint([], { x: 0, y: 0 }, 40);
    expect(appendPoint(one, { x: 2, y: 2 }, 40)).toBe(one);
    expect(appendPoint(one, { x: 10, y: 0 }, 40)).toHaveLength(2);
  });
});

describe('validation', () => {
  const limit = { maxUploadBytes: 10 * 1024 * 1024, maxUploadMegabytes: 10 };

  it('refuses files that are not images, in other formats, or over the limit, naming the limit', () => {
    expect(fileProblem({ type: 'text/plain', size: 10 }, limit)?.title).toBe('Not an image');
    expect(fileProblem({ type: 'image/gif', size: 10 }, limit)?.title).toBe('Unsupported format');
    const big = fileProblem({ type: 'image/jpeg', size: 11 * 1024 * 1024 }, limit);
    expect(big?.description).toContain('up to 10 MB');
    expect(fileProblem({ type: 'image/webp', size: 1000 }, limit)).toBeNull();
  });

  const base = { hasImage: true, hasMask: false, prompt: '', iterative: false, brush: 'erase' as const };

  it('gives the spec toasts for a missing image, mask or prompt', () => {
    expect(processProblem({ ...base, mode: 'object-removal', hasImage: false })?.title).toBe(
      'No image uploaded',
    );
    expect(processProblem({ ...base, mode: 'watermark-removal' })).toEqual({
      title: 'No area marked',
      description: 'Please mark the watermark area to remove.',
    });
    expect(processProblem({ ...base, mode: 'object-removal' })?.description).toBe(
      'Please mark the object to remove.',
    );
    expect(processProblem({ ...base, mode: 'prompt-edit', prompt: '  ' })).toEqual({
      title: 'No prompt provided',
      description: 'Please describe what you want to do with the image.',
    });
    expect(processProblem({ ...base, mode: 'background-removal' })).toBeNull();
    expect(
      processProblem({ ...base, mode: 'object-removal', iterative: true, brush: 'restore' })?.description,
    ).toBe('Please mark the area to restore.');
  });

  it('labels the process button by mode, and Apply Changes in iterative mode', () => {
    expect(processLabel('watermark-removal', false)).toBe('Remove Watermark');
    expect(processLabel('professional-photo', false)).toBe('Create Professional Photo');
    expect(processLabel('object-removal', true)).toBe('Apply Changes');
  });
});

describe('editor flow', () => {
  const original = { url: '/api/images/1/original', width: 800, height: 600 };
  const upload: Upload = { id: '1', mode: 'object-removal', file: {} as File, original };
  const result = {
    url: '/api/images/1/result?v=a',
    downloadUrl: '/d',
    width: 800,
    height: 600,
    providerId: 'x',
  };
  const uploaded = editorReducer(initialEditorState, { type: 'uploaded', upload });

  it('goes from choosing to editing to the result', () => {
    expect(stageOf(initialEditorState)).toBe('choose');
    expect(stageOf(uploaded)).toBe('edit');
    const done = editorReducer(uploaded, { type: 'processed', result });
    expect(stageOf(done)).toBe('result');
    expect(done.before).toEqual(original);
  });

  it('Edit More makes the result the working image in iterative erase mode with the mask cleared', () => {
    const done = editorReducer(uploaded, { type: 'processed', result });
    const more = editorReducer(done, { type: 'edit-more' });
    expect(stageOf(more)).toBe('edit');
    expect(more.working?.url).toBe(result.url);
    expect(more.iterative).toBe(true);
    expect(more.brush).toBe('erase');
    expect(more.maskKey).toBeGreaterThan(done.maskKey);
  });

  it('a mode change keeps the photo but drops the result, iterative mode and restore', () => {
    let state: EditorState = editorReducer(uploaded, { type: 'processed', result });
    state = editorReducer(state, { type: 'edit-more' });
    state = editorReducer(state, { type: 'brush', brush: 'restore' });
    state = editorReducer(state, { type: 'mode-changed' });
    expect(state.upload).toBe(upload);
    expect(state.working).toEqual(original);
    expect(state).toMatchObject({ result: null, iterative: false, brush: 'erase' });
  });

  it('New Image resets everything', () => {
    const state = editorReducer(editorReducer(uploaded, { type: 'processed', result }), { type: 'reset' });
    expect(stageOf(state)).toBe('choose');
    expect(state.upload).toBeNull();
  });
});

describe('shortcuts', () => {
  const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...mods,
  });

  it('maps undo, redo, brush size, tools (select too) and zoom', () => {
    expect(shortcutFor(key('z', { ctrlKey: true }))).toBe('undo');
    expect(shortcutFor(key('z', { metaKey: true }))).toBe('undo');
    expect(shortcutFor(key('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(shortcutFor(key('y', { ctrlKey: true }))).toBe('redo');
    expect(shortcutFor(key('['))).toBe('brush-smaller');
    expect(shortcutFor(key(']'))).toBe('brush-larger');
    expect(shortcutFor(key('b'))).toBe('tool-brush');
    expect(shortcutFor(key('e'))).toBe('tool-eraser');
    expect(shortcutFor(key('s'))).toBe('tool-select');
    expect(shortcutFor(key('='))).toBe('zoom-in');
    expect(shortcutFor(key('-'))).toBe('zoom-out');
    expect(shortcutFor(key('z'))).toBeNull();
    expect(shortcutFor(key('e', { ctrlKey: true }))).toBeNull();
  });
});
