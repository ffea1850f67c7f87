import { describe, expect, it } from 'vitest';
import { MODES } from '../modes';
import {
  backgroundRemovalOptionsSchema,
  MODE_OPTIONS,
  parseModeOptions,
  professionalPhotoOptionsSchema,
} from './mode-options';

describe('backgroundRemovalOptionsSchema', () => {
  const sut = backgroundRemovalOptionsSchema;

  it('defaults to a transparent cut-out without shadow', () => {
    expect(sut.parse({})).toEqual({ backdrop: { kind: 'transparent' }, shadow: false });
  });

  it('accepts a colour, a blur with a radius, and a model choice', () => {
    expect(sut.parse({ backdrop: { kind: 'color', color: '#1A2b3c' }, shadow: true }).backdrop).toEqual({
      kind: 'color',
      color: '#1A2b3c',
    });
    expect(sut.parse({ backdrop: { kind: 'blur', radius: 12 }, model: 'small' })).toMatchObject({
      backdrop: { kind: 'blur', radius: 12 },
      model: 'small',
    });
  });

  it('rejects colours that are not #rrggbb, unknown backdrops and unknown models', () => {
    expect(sut.safeParse({ backdrop: { kind: 'color', color: 'red' } }).success).toBe(false);
    expect(sut.safeParse({ backdrop: { kind: 'color' } }).success).toBe(false);
    expect(sut.safeParse({ backdrop: { kind: 'gradient' } }).success).toBe(false);
    expect(sut.safeParse({ backdrop: { kind: 'blur', radius: 0 } }).success).toBe(false);
    expect(sut.safeParse({ model: 'large' }).success).toBe(false);
  });
});

describe('parseModeOptions', () => {
  it('answers each mode’s defaults for no options', () => {
    for (const mode of MODES) expect(parseModeOptions(mode, undefined).success, mode).toBe(true);
    expect(parseModeOptions('image-upscale', {})).toEqual({
      success: true,
      data: { scale: 2, quality: 'balanced' },
    });
    expect(parseModeOptions('prompt-edit', { anything: 1 })).toEqual({ success: true, data: {} });
  });

  it('names the first bad option, with its path, in the words every route answers with', () => {
    expect(parseModeOptions('image-upscale', { quality: 'ultra' })).toEqual({
      success: false,
      message: 'Invalid option quality: Invalid option: expected one of "fast"|"balanced"|"best"',
    });
    expect(parseModeOptions('background-removal', { backdrop: { kind: 'color', color: 'red' } })).toEqual({
      success: false,
      message: 'Invalid option backdrop.color: must be a colour like #1a2b3c',
    });
    expect(parseModeOptions('object-removal', { grow: 99 })).toMatchObject({ success: false });
    expect(parseModeOptions('face-enhancement', { unknown: true })).toMatchObject({ success: false });
  });

  it("has a schema for every mode, watermark removal adding its batch option to object removal's", () => {
    expect(Object.keys(MODE_OPTIONS).sort()).toEqual([...MODES].sort());
    expect(Object.keys(MODE_OPTIONS['watermark-removal'].shape).sort()).toEqual(
      [...Object.keys(MODE_OPTIONS['object-removal'].shape), 'sameMark'].sort(),
    );
    expect(parseModeOptions('watermark-removal', { sameMark: true })).toEqual({
      success: true,
      data: { sameMark: true },
    });
    expect(parseModeOptions('object-removal', { sameMark: true }).success).toBe(false);
  });
});

describe('professionalPhotoOptionsSchema', () => {
  const sut = professionalPhotoOptionsSchema;

  it('takes a point on the person as shares of the photo, both or neither', () => {
    expect(sut.parse({})).not.toHaveProperty('subjectX');
    expect(sut.parse({ subjectX: 0, subjectY: 1 })).toMatchObject({ subjectX: 0, subjectY: 1 });
    expect(parseModeOptions('professional-photo', { subjectX: 0.4 })).toEqual({
      success: false,
      message:
        'Invalid option subjectY: subjectX and subjectY go together: a point on the person, both shares of the photo.',
    });
    expect(parseModeOptions('professional-photo', { subjectX: 0.4, subjectY: 1.5 })).toEqual({
      success: false,
      message: 'Invalid option subjectY: must be a share of the photo from 0 to 1',
    });
    expect(sut.safeParse({ subjectX: '0.4', subjectY: 0.2 }).success).toBe(false);
  });
});
