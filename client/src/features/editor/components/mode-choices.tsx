import type { ReactNode } from 'react';
import type { Mode } from '@common/modes';
import type { ModeChoices } from '../model/mode-options';
import { Segmented } from './segmented';

/**
 * Options of the modes that have them: upscale factor and quality, background-removal backdrop and shadow,
 * face-enhancement strength and skin smoothing, the headshot's backdrop and size.
 */
export function ModeChoicesPanel({
  mode,
  choices,
  disabled,
  onChange,
}: {
  mode: Mode;
  choices: ModeChoices;
  disabled: boolean;
  onChange(choices: ModeChoices): void;
}) {
  const set = (patch: Partial<ModeChoices>) => onChange({ ...choices, ...patch });
  if (mode === 'image-upscale') {
    return (
      <div className="flex flex-col gap-4">
        <Field label="Enlarge by">
          <Segmented<2 | 4>
            label="Enlarge by"
            value={choices.scale}
            disabled={disabled}
            onChange={(scale) => set({ scale })}
            options={[
              { value: 2, label: '2x' },
              { value: 4, label: '4x' },
            ]}
          />
        </Field>
        <Field
          label="Quality"
          hint={choices.quality === 'best' ? 'Best takes several times longer.' : undefined}
        >
          <Segmented<ModeChoices['quality']>
            label="Quality"
            value={choices.quality}
            disabled={disabled}
            onChange={(quality) => set({ quality })}
            options={[
              { value: 'fast', label: 'Fast' },
              { value: 'balanced', label: 'Balanced' },
              { value: 'best', label: 'Best' },
            ]}
          />
        </Field>
      </div>
    );
  }
  if (mode === 'background-removal') {
    return (
      <div className="flex flex-col gap-4">
        <Field label="Background">
          <Segmented<ModeChoices['backdrop']>
            label="Background"
            value={choices.backdrop}
            disabled={disabled}
            onChange={(backdrop) => set({ backdrop })}
            options={[
              { value: 'transparent', label: 'None' },
              { value: 'white', label: 'White' },
              { value: 'blur', label: 'Blurred' },
            ]}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-violet-600"
            checked={choices.shadow}
            disabled={disabled}
            onChange={(event) => set({ shadow: event.target.checked })}
          />
          Soft shadow under the subject
        </label>
      </div>
    );
  }
  if (mode === 'face-enhancement') {
    return (
      <div className="flex flex-col gap-4">
        <Field
          label="Strength"
          hint={
            choices.faceStrength === 'strong' ? 'Strong suits old or heavily compressed photos.' : undefined
          }
        >
          <Segmented<ModeChoices['faceStrength']>
            label="Strength"
            value={choices.faceStrength}
            disabled={disabled}
            onChange={(faceStrength) => set({ faceStrength })}
            options={[
              { value: 'subtle', label: 'Subtle' },
              { value: 'natural', label: 'Natural' },
              { value: 'strong', label: 'Strong' },
            ]}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-violet-600"
            checked={choices.skinSmoothing}
            disabled={disabled}
            onChange={(event) => set({ skinSmoothing: event.target.checked })}
          />
          Smooth skin (keeps its texture)
        </label>
        <span className="text-xs text-muted-foreground">The whole photo is also enlarged 2x.</span>
      </div>
    );
  }
  if (mode === 'professional-photo') return <HeadshotChoices {...{ choices, disabled, set }} />;
  return null;
}

const HEADSHOT_SIZE_HINTS: Record<ModeChoices['headshotSize'], string> = {
  square: '1024 x 1024 px, for profile pictures.',
  portrait: '1080 x 1350 px (4:5), for feeds and CVs.',
  print: '1200 x 1500 px (4:5), for printing.',
};

function HeadshotChoices({
  choices,
  disabled,
  set,
}: {
  choices: ModeChoices;
  disabled: boolean;
  set(patch: Partial<ModeChoices>): void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <Field label="Backdrop">
        <Segmented<ModeChoices['headshotBackdrop']>
          label="Backdrop"
          wrapAt3
          value={choices.headshotBackdrop}
          disabled={disabled}
          onChange={(headshotBackdrop) => set({ headshotBackdrop })}
          options={[
            { value: 'grey', label: 'Studio grey' },
            { value: 'white', label: 'White' },
            { value: 'blue', label: 'Light blue' },
            { value: 'charcoal', label: 'Charcoal' },
            { value: 'color', label: 'Colour' },
            { value: 'blur', label: 'Blurred' },
          ]}
        />
      </Field>
      {choices.headshotBackdrop === 'color' && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="color"
            aria-label="Backdrop colour"
            className="h-8 w-12 cursor-pointer rounded border"
            value={choices.headshotColor}
            disabled={disabled}
            onChange={(event) => set({ headshotColor: event.target.value })}
          />
          Backdrop colour
        </label>
      )}
      <Field label="Size" hint={HEADSHOT_SIZE_HINTS[choices.headshotSize]}>
        <Segmented<ModeChoices['headshotSize']>
          label="Size"
          value={choices.headshotSize}
          disabled={disabled}
          onChange={(headshotSize) => set({ headshotSize })}
          options={[
            { value: 'square', label: 'Square' },
            { value: 'portrait', label: '4:5' },
            { value: 'print', label: 'Print' },
          ]}
        />
      </Field>
      <span className="text-xs text-muted-foreground">
        Your own face, framed, lit and lightly retouched. One person facing the camera works best.
      </span>
    </div>
  );
}

function Field({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium">{label}</span>
      {children}
      {hint && <span className="text-xs text-muted-foreground">{hint}</span>}
    </div>
  );
}
