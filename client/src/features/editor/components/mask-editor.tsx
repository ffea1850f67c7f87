import type { ReactNode } from 'react';
import { Brush, Eraser, MousePointerClick, Redo2, Trash2, Undo2, ZoomIn, ZoomOut } from 'lucide-react';
import { Slider } from '@client/components/ui/slider';
import { MaskCanvas } from '../canvas/mask-canvas';
import { ImageStage } from '../canvas/image-stage';
import { BRUSH_SIZE, strokeWidth } from '../model/brush';
import type { ImageView } from '../model/editor-state';
import { shortcutHint } from '../model/shortcuts';
import { ZOOM } from '../model/zoom';
import { ToolButton } from './tool-button';
import type { MaskEditorState } from './use-mask-editor';
import type { TapSelectState } from './use-tap-select';

/**
 * Select (where `tapper` answers taps), brush and eraser over the photo, with size, undo/redo and zoom;
 * `overlay` covers it while processing.
 */
export function MaskEditor({
  image,
  editor,
  tapper,
  disabled,
  overlay,
}: {
  image: ImageView;
  editor: MaskEditorState;
  tapper?: TapSelectState;
  disabled: boolean;
  overlay?: ReactNode;
}) {
  const { tool, setTool, brushSize, setBrushSize, zoom, actions } = editor;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div
        role="toolbar"
        aria-label="Mask tools"
        className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border bg-card px-2 py-1.5 shadow-sm"
      >
        <div className="flex items-center gap-0.5">
          {editor.canSelect && (
            <ToolButton
              label="Select"
              hint={shortcutHint('tool-select')}
              pressed={tool === 'select'}
              onClick={() => setTool('select')}
            >
              <MousePointerClick />
            </ToolButton>
          )}
          <ToolButton
            label="Brush"
            hint={shortcutHint('tool-brush')}
            pressed={tool === 'brush'}
            onClick={() => setTool('brush')}
          >
            <Brush />
          </ToolButton>
          <ToolButton
            label="Eraser"
            hint={shortcutHint('tool-eraser')}
            pressed={tool === 'eraser'}
            onClick={() => setTool('eraser')}
          >
            <Eraser />
          </ToolButton>
        </div>
        <label className="flex min-w-40 flex-1 items-center gap-3 text-sm text-muted-foreground sm:max-w-64">
          <span className="whitespace-nowrap">Size</span>
          <Slider
            aria-label="Brush size"
            min={BRUSH_SIZE.min}
            max={BRUSH_SIZE.max}
            step={BRUSH_SIZE.step}
            value={[brushSize]}
            onValueChange={([value]) => setBrushSize(value)}
          />
          <output data-testid="brush-size" className="w-7 text-right tabular-nums text-foreground">
            {brushSize}
          </output>
        </label>
        <div className="flex items-center gap-0.5">
          <ToolButton
            label="Undo"
            hint={shortcutHint('undo')}
            disabled={!editor.canUndo}
            onClick={actions.undo}
          >
            <Undo2 />
          </ToolButton>
          <ToolButton
            label="Redo"
            hint={shortcutHint('redo')}
            disabled={!editor.canRedo}
            onClick={actions.redo}
          >
            <Redo2 />
          </ToolButton>
          <ToolButton label="Clear mask" disabled={editor.strokes.length === 0} onClick={editor.clear}>
            <Trash2 />
          </ToolButton>
        </div>
        <div className="ml-auto flex items-center gap-0.5">
          <ToolButton
            label="Zoom out"
            hint={shortcutHint('zoom-out')}
            disabled={zoom <= ZOOM.min}
            onClick={actions['zoom-out']}
          >
            <ZoomOut />
          </ToolButton>
          <output data-testid="zoom-level" className="w-12 text-center text-sm tabular-nums">
            {zoom}%
          </output>
          <ToolButton
            label="Zoom in"
            hint={shortcutHint('zoom-in')}
            disabled={zoom >= ZOOM.max}
            onClick={actions['zoom-in']}
          >
            <ZoomIn />
          </ToolButton>
        </div>
      </div>
      <ImageStage
        width={image.width}
        height={image.height}
        zoom={zoom}
        overlay={overlay}
        className="lg:h-[calc(100dvh-15rem)]"
      >
        {(scale) => (
          <MaskCanvas
            image={image}
            scale={scale}
            strokes={editor.strokes}
            tool={tool}
            strokeWidth={strokeWidth(brushSize, image.width, image.height)}
            disabled={disabled}
            onStroke={editor.addStroke}
            onTap={tapper?.tap}
            pendingTap={tapper?.pending}
          />
        )}
      </ImageStage>
      {tool === 'select' ? (
        <p className="text-center text-xs text-muted-foreground">
          Tap what should go; tap it again to refine.{' '}
          <span className="pointer-coarse:hidden">Shift-click</span>
          <span className="pointer-fine:hidden">Hold</span> to take a part away.
        </p>
      ) : (
        <p className="text-center text-xs text-muted-foreground pointer-coarse:hidden">
          Paint over what should go. <kbd className="font-sans">[</kbd> and <kbd className="font-sans">]</kbd>{' '}
          change the size; <kbd className="font-sans">Ctrl+Z</kbd> undoes.
        </p>
      )}
    </div>
  );
}
