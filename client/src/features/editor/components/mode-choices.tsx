import type { ReactNode } from 'react';
import type { Mode } from '@common/modes';
import {
  FACE_STRENGTHS,
  HEADSHOT_BACKDROPS,
  HEADSHOT_SIZES,
  HEADSHOT_SIZE_NAMES,
  UPSCALE_QUALITIES,
  UPSCALE_SCALES,
} from '@common/schemas/mode-options';
import type { BackdropChoice, ModeChoices } from '../model/mode-options';
import { Segmented } from './segmented';
import { SubjectCard } from './subject-card';

/**
 * Options of the modes that have them: upscale factor and quality, background-removal backdrop and shadow,
 * face-enhancement strength and skin smoothing, the headshot's backdrop and size (and, in a group, whom).
 */
export function ModeChoicesPanel({
  mode,
  choices,
  disabled,
  onChange,
  group = false,
}: {
  mode: Mode;
  choices: ModeChoices;
  disabled: boolean;
  onChange(choices: ModeChoices): void;
  /** The headshot's photo holds several people: the panel asks for a tap on one. */
  group?: boolean;
}) {
  const set = (patch: Partial<ModeChoices>) => onChange({ ...choices, ...patch });
  if (mode === 'image-upscale') {
    return (
      <div className="flex flex-col gap-4">
        <Field label="Enlarge by">
          <Segmented<ModeChoices['scale']>
            label="Enlarge by"
            value={choices.scale}
            disabled={disabled}
            onChange={(scale) => set({ scale })}
            options={UPSCALE_SCALES.map((scale) => ({ value: scale, label: `${scale}x` }))}
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
            options={choicesOf(UPSCALE_QUALITIES, QUALITY_LABELS)}
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
            options={choicesOf(BACKDROP_CHOICES, BACKDROP_LABELS)}
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
            options={choicesOf(FACE_STRENGTHS, STRENGTH_LABELS)}
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
  if (mode === 'professional-photo') return <HeadshotChoices {...{ choices, disabled, set, group }} />;
  return null;
}

/** The values come from the modes' schemas (common); the words for them are the editor's. */
const QUALITY_LABELS: Record<ModeChoices['quality'], string> = {
  fast: 'Fast',
  balanced: 'Balanced',
  best: 'Best',
};
const BACKDROP_CHOICES = ['transparent', 'white', 'blur'] as const satisfies readonly BackdropChoice[];
const BACKDROP_LABELS: Record<BackdropChoice, string> = {
  transparent: 'None',
  white: 'White',
  blur: 'Blurred',
};
const STRENGTH_LABELS: Record<ModeChoices['faceStrength'], string> = {
  subtle: 'Subtle',
  natural: 'Natural',
  strong: 'Strong',
};
const HEADSHOT_BACKDROP_LABELS: Record<ModeChoices['headshotBackdrop'], string> = {
  grey: 'Studio grey',
  white: 'White',
  blue: 'Light blue',
  charcoal: 'Charcoal',
  color: 'Colour',
  blur: 'Blurred',
};
const HEADSHOT_SIZE_LABELS: Record<ModeChoices['headshotSize'], string> = {
  square: 'Square',
  portrait: '4:5',
  print: 'Print',
  linkedin: 'LinkedIn',
  passport: 'Passport style',
};
const HEADSHOT_SIZE_USES: Record<ModeChoices['headshotSize'], string> = {
  square: ', for profile pictures',
  portrait: ' (4:5), for feeds and CVs',
  print: ' (4:5), for printing',
  linkedin: ', the face larger, for LinkedIn',
  passport: " (35 x 45 mm at 600 dpi), the head three quarters of the height; check your country's rules",
};
const headshotSizeHint = (size: ModeChoices['headshotSize']) =>
  `${HEADSHOT_SIZES[size].width} x ${HEADSHOT_SIZES[size].height} px${HEADSHOT_SIZE_USES[size]}.`;

function choicesOf<T extends string>(values: readonly T[], labels: Record<T, string>) {
  return values.map((value) => ({ value, label: labels[value] }));
}

function HeadshotChoices({
  choices,
  disabled,
  set,
  group,
}: {
  choices: ModeChoices;
  disabled: boolean;
  set(patch: Partial<ModeChoices>): void;
  group: boolean;
}) {
  return (
    <div className="flex flex-col gap-4">
      {group && (
        <SubjectCard
          point={choices.headshotSubject}
          disabled={disabled}
          onClear={() => set({ headshotSubject: null })}
        />
      )}
      <Field label="Backdrop">
        <Segmented<ModeChoices['headshotBackdrop']>
          label="Backdrop"
          wrapAt3
          value={choices.headshotBackdrop}
          disabled={disabled}
          onChange={(headshotBackdrop) => set({ headshotBackdrop })}
          options={choicesOf(HEADSHOT_BACKDROPS, HEADSHOT_BACKDROP_LABELS)}
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
      <Field label="Size" hint={headshotSizeHint(choices.headshotSize)}>
        <Segmented<ModeChoices['headshotSize']>
          label="Size"
          wrapAt3
          value={choices.headshotSize}
          disabled={disabled}
          onChange={(headshotSize) => set({ headshotSize })}
          options={choicesOf(HEADSHOT_SIZE_NAMES, HEADSHOT_SIZE_LABELS)}
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
