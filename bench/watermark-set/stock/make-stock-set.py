"""The stock-style evaluation set of Find watermark: the marks stock sites and cameras put on photos, drawn over
photos of one Debian package or another, by code of its own (it shares nothing with the training pairs'
scripts/watermark-detect/marks.py but the list of which font packages are whose).

  make-stock-set.py PART OUT_DIR PHOTO_DIR...

PART `tuning` draws in the training fonts and the styles training knows, for choosing thresholds; PART `heldout`
draws in the held-out fonts and adds styles training never drew (letter-spaced lockups between rules, double
outlines, grids of a word and an emblem, a pie-slice emblem), on photos of its own packages. Each photo is
marked twice (two kinds in turn) and kept once unmarked; every input goes through JPEG (quality 70-92) as a
stock preview does. Writes OUT_DIR/ID-input.png, OUT_DIR/ID-mask.png (255 where the mark's opacity is at least
2 %) and OUT_DIR/cases.json. Deterministic for the same photos and fonts.
"""
import glob
import io
import json
import math
import os
import random
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont, ImageOps

SIDE = 1024
TRUE_ALPHA = 0.02
HERE = os.path.dirname(os.path.abspath(__file__))
FONT_DIR = os.environ.get('MARK_FONT_DIR', '/tmp/wm-fonts')
PACKAGES = json.load(open(os.path.join(HERE, '../../../scripts/watermark-detect/font-packages.json')))
SEED = {'tuning': 401, 'heldout': 402}
KINDS = ['diagonal-white-thin', 'diagonal-white-bold', 'diagonal-dark', 'outlined', 'tiled-grid',
         'dark-corner-text', 'colour-corner-logo', 'date-imprint-dark']
BRANDS = ['preview', 'sample', 'stock', 'proof', 'photos', 'images', 'pictures', 'media', 'visuals', 'shots']
NAMES = ['Halvorsen', 'Okafor', 'Brennan', 'Marchetti', 'Lindqvist', 'Tanaka', 'Dubois', 'Novak', 'Castillo',
         'Whitfield', 'Rasmussen', 'Abernathy', 'Kowalski', 'Moreau']


def fonts_of(part):
    packages = PACKAGES['training' if part == 'tuning' else 'heldout']
    files = sorted(f for p in packages for f in glob.glob(f'{FONT_DIR}/{p}/**/*.[ot]tf', recursive=True)
                   if not any(n in f for n in ('Symbol', 'Dingbat', 'D050000L', 'DSEG', 'Initials', 'Math')))
    bold = [f for f in files if any(w in f for w in ('Bold', 'Black', 'Heavy', 'ExtraBold'))]
    thin = [f for f in files if f not in bold and 'Italic' not in f and 'Oblique' not in f]
    if not files:
        sys.exit(f'no fonts under {FONT_DIR} for {part}: see bench/watermark-set/stock/README.md')
    return {'any': files, 'bold': bold or files, 'thin': thin or files}


def brand(rnd):
    stem = ''.join(rnd.choice('bcdfgklmnprstvz') + rnd.choice('aeiou') for _ in range(rnd.randint(2, 4)))
    r = rnd.random()
    if r < 0.35:
        return stem
    if r < 0.6:
        return stem.capitalize() + ' ' + rnd.choice(BRANDS)
    if r < 0.8:
        return stem + rnd.choice(BRANDS)
    return stem.upper()


def credit(rnd):
    name = rnd.choice(NAMES)
    r = rnd.random()
    if r < 0.4:
        return f'\u00a9 {rnd.choice("ABCDEFGHJKLMNPRST")}. {name}'
    if r < 0.7:
        return f'{name.lower()}photo.com'
    return f'\u00a9 {rnd.randint(2008, 2026)} {name} Photography'


class Marked:
    """The photo and the mark's opacity so far; each layer is laid over as editors do."""

    def __init__(self, photo):
        self.img = photo.astype(np.float32)
        self.h, self.w = photo.shape[:2]
        self.alpha = np.zeros((self.h, self.w), np.float32)

    def lay(self, cover, ink, opacity):
        a = np.clip(cover * opacity, 0, 1)[..., None]
        self.img = self.img * (1 - a) + np.asarray(ink, np.float32) * a
        self.alpha = 1 - (1 - self.alpha) * (1 - a[..., 0])


def canvas_text(w, h, text, f, at, tracking=0.0, stroke=0):
    """Coverage (0-1) of text drawn on a layer of the photo's size, centred at `at`, letters `tracking` of the
    size apart."""
    layer = Image.new('L', (w, h), 0)
    d = ImageDraw.Draw(layer)
    widths = [f.getlength(ch) for ch in text]
    total = sum(widths) + tracking * f.size * (len(text) - 1)
    x = at[0] - total / 2
    top = at[1] - (f.getbbox('Hg')[1] + f.getbbox('Hg')[3]) / 2
    if tracking == 0:
        d.text((x, top), text, font=f, fill=255, stroke_width=stroke, stroke_fill=255)
    else:
        for ch, cw in zip(text, widths):
            d.text((x, top), ch, font=f, fill=255, stroke_width=stroke, stroke_fill=255)
            x += cw + tracking * f.size
    return layer, total


def turned(layer, angle, centre):
    return np.asarray(layer.rotate(angle, Image.BICUBIC, center=centre), np.float32) / 255


def fitted(font_file, text, width):
    f = ImageFont.truetype(font_file, 100)
    return ImageFont.truetype(font_file, max(10, int(100 * width / max(1.0, f.getlength(text)))))


def diagonal(rnd, m, fonts, ink, opacity, heldout, bold):
    """A large word or two across the middle, at 15-40 degrees (at times level); in the held-out part at times
    letter-spaced between two thin rules, or set three times down the photo."""
    text = brand(rnd)
    angle = rnd.choice([-1, 1]) * rnd.uniform(15, 40) if rnd.random() < 0.85 else 0
    font_file = rnd.choice(fonts['bold' if bold else 'thin'])
    centre = (m.w / 2 + rnd.uniform(-0.08, 0.08) * m.w, m.h / 2 + rnd.uniform(-0.08, 0.08) * m.h)
    style = rnd.choice(['plain', 'lockup', 'column']) if heldout else 'plain'
    tracking = rnd.uniform(0.2, 0.5) if style == 'lockup' else 0
    f = fitted(font_file, text, m.w * rnd.uniform(0.45, 0.8) / (1 + tracking * 0.8))
    rows = [0] if style != 'column' else [-1, 0, 1]
    for k in rows:
        at = (centre[0], centre[1] + k * m.h * 0.3)
        layer, total = canvas_text(m.w, m.h, text, f, at, tracking)
        if style == 'lockup':
            d = ImageDraw.Draw(layer)
            for s in (-1, 1):
                y = at[1] + s * f.size * 0.75
                d.line([(at[0] - total / 2, y), (at[0] + total / 2, y)], fill=255, width=max(1, f.size // 30))
        m.lay(turned(layer, angle, centre), ink, opacity)


def outlined(rnd, m, fonts, heldout):
    """Hollow lettering, large, light or dark; a double outline in the held-out part at times."""
    text = brand(rnd)
    f = fitted(rnd.choice(fonts['bold']), text, m.w * rnd.uniform(0.4, 0.75))
    angle = rnd.choice([0, rnd.uniform(-35, 35)])
    at = (m.w / 2 + rnd.uniform(-0.1, 0.1) * m.w, m.h / 2 + rnd.uniform(-0.15, 0.15) * m.h)
    width = max(2, int(f.size * rnd.uniform(0.03, 0.06)))
    fill, _ = canvas_text(m.w, m.h, text, f, at)
    grown = [np.asarray(canvas_text(m.w, m.h, text, f, at, stroke=width * n)[0], np.float32) for n in (1, 2, 3)]
    ring = np.clip(grown[0] - np.asarray(fill, np.float32), 0, 255)
    if heldout and rnd.random() < 0.5:  # a second line round the first, a stroke's width out
        ring = np.maximum(ring, np.clip(grown[2] - grown[1], 0, 255))
    ink = [245, 245, 245] if rnd.random() < 0.6 else [40, 40, 45]
    m.lay(turned(Image.fromarray(ring.astype(np.uint8)), angle, at), ink, rnd.uniform(0.45, 0.85))


def tiled_grid(rnd, m, fonts, heldout):
    """Small thin words over the whole photo in rows, level or at an angle, spaced one way or another; in the
    held-out part at times a word and a small ring in turn."""
    text = brand(rnd).lower()
    f = ImageFont.truetype(rnd.choice(fonts['thin']), rnd.randint(14, 28))
    angle = rnd.choice([0, 30, -30, 45, -45, 20])
    dx = f.getlength(text) + rnd.uniform(0.5, 3) * f.size
    dy = f.size * rnd.uniform(2, 5)
    rings = heldout and rnd.random() < 0.5
    big = int(math.hypot(m.w, m.h)) + 2 * int(dx)
    layer = Image.new('L', (big, big), 0)
    d = ImageDraw.Draw(layer)
    for j, y in enumerate(np.arange(0, big, dy)):
        for i, x in enumerate(np.arange(-dx, big, dx)):
            x = x + (dx / 2 if j % 2 else 0)
            if rings and (i + j) % 2:
                r = f.size * 0.45
                d.ellipse([x + dx / 2 - r, y - r, x + dx / 2 + r, y + r], outline=255, width=max(1, f.size // 10))
            else:
                d.text((x, y), text, font=f, fill=255, anchor='lm')
    layer = layer.rotate(angle, Image.BICUBIC)
    left, top = (big - m.w) // 2, (big - m.h) // 2
    cover = np.asarray(layer.crop((left, top, left + m.w, top + m.h)), np.float32) / 255
    ink = [250, 250, 250] if rnd.random() < 0.65 else [30, 30, 30]
    m.lay(cover, ink, rnd.uniform(0.2, 0.45))


def corner_at(rnd, m, width, height, corner=None):
    corner = corner or rnd.choice(['br', 'br', 'bl', 'tr', 'tl'])
    margin = rnd.uniform(0.015, 0.04) * m.w
    x = m.w - margin - width / 2 if corner[1] == 'r' else margin + width / 2
    y = m.h - margin - height / 2 if corner[0] == 'b' else margin + height / 2
    return x, y


def dark_corner_text(rnd, m, fonts):
    text = credit(rnd)
    f = ImageFont.truetype(rnd.choice(fonts['any']), rnd.randint(16, 34))
    at = corner_at(rnd, m, f.getlength(text), f.size)
    layer, _ = canvas_text(m.w, m.h, text, f, at)
    m.lay(np.asarray(layer, np.float32) / 255, [rnd.uniform(10, 70)] * 3, rnd.uniform(0.6, 0.95))


def vivid(rnd):
    h = rnd.random()
    return [255 * max(0, min(1, abs((h * 6 + k) % 6 - 3) - 1)) for k in (0, 4, 2)]


def colour_corner_logo(rnd, m, fonts, heldout):
    """An emblem of several colours and a word in two, in a corner."""
    size = rnd.randint(40, 90)
    text = brand(rnd).split()[0].capitalize()
    f = ImageFont.truetype(rnd.choice(fonts['bold']), int(size * rnd.uniform(0.45, 0.7)))
    tw = f.getlength(text)
    x, y = corner_at(rnd, m, size * 1.2 + tw, size)
    ex = x - (size * 1.2 + tw) / 2 + size / 2
    opacity = rnd.uniform(0.7, 1)
    k = 4
    box = [int((ex - size / 2) * k), int((y - size / 2) * k), int((ex + size / 2) * k), int((y + size / 2) * k)]
    colours = [vivid(rnd) for _ in range(4)]
    for n, col in enumerate(colours[:3 if heldout else 4]):
        big = Image.new('L', (m.w * k, m.h * k), 0)
        d = ImageDraw.Draw(big)
        if heldout:  # three pie slices
            d.pieslice(box, n * 120 - 90, n * 120 + 30, fill=255)
        else:  # four squares
            cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            qx, qy = (box[0], cx)[n % 2], (box[1], cy)[n // 2]
            d.rounded_rectangle([qx + 2 * k, qy + 2 * k, qx + (cx - box[0]) - 2 * k, qy + (cy - box[1]) - 2 * k],
                                radius=3 * k, fill=255)
        m.lay(np.asarray(big.resize((m.w, m.h), Image.BOX), np.float32) / 255, col, opacity)
    cut = rnd.randint(1, max(1, len(text) - 1))
    tx = ex + size * 0.7
    for part, col in ((text[:cut], colours[0]), (text[cut:], colours[1])):
        if not part:
            continue
        pw = f.getlength(part)
        layer, _ = canvas_text(m.w, m.h, part, f, (tx + pw / 2, y))
        m.lay(np.asarray(layer, np.float32) / 255, col, opacity)
        tx += pw


# Seven segments: a, b, c, d, e, f, g as (x0, y0, x1, y1) in a 1 x 2 cell.
SEGMENTS = {'a': (0.1, 0, 0.9, 0), 'b': (1, 0.1, 1, 0.9), 'c': (1, 1.1, 1, 1.9), 'd': (0.1, 2, 0.9, 2),
            'e': (0, 1.1, 0, 1.9), 'f': (0, 0.1, 0, 0.9), 'g': (0.1, 1, 0.9, 1)}
DIGITS = {'0': 'abcdef', '1': 'bc', '2': 'abdeg', '3': 'abcdg', '4': 'bcfg', '5': 'acdfg', '6': 'acdefg', '7': 'abc',
          '8': 'abcdefg', '9': 'abcdfg'}


def date_imprint_dark(rnd, m):
    """A camera's date in seven segments drawn as bars (slanted), orange, red or yellow with a glow, in the
    photo's darkest busy corner."""
    y, mo, d = rnd.randint(88, 99), rnd.randint(1, 12), rnd.randint(1, 28)
    text = rnd.choice([f"'{y} {mo:2d} {d:2d}", f'{mo:2d} {d:2d} \'{y}', f'{d:02d} {mo:02d} {y}'])
    cell = rnd.uniform(9, 15)  # a digit's width at 1024 px
    slant = rnd.uniform(0.1, 0.2)
    width = len(text) * cell * 1.6
    g = m.img.mean(2)
    corners = {'br': g[-m.h // 5:, -m.w // 3:], 'bl': g[-m.h // 5:, :m.w // 3], 'tr': g[:m.h // 5, -m.w // 3:],
               'tl': g[:m.h // 5, :m.w // 3]}
    corner = min(corners, key=lambda k: corners[k].mean() - 0.5 * np.abs(np.diff(corners[k], axis=1)).mean())
    cx, cy = corner_at(rnd, m, width, cell * 2, corner)
    k = 4
    big = Image.new('L', (m.w * k, m.h * k), 0)
    dr = ImageDraw.Draw(big)
    x = cx - width / 2
    bar = max(1.5, cell * 0.22)
    for ch in text:
        if ch in DIGITS:
            for s in DIGITS[ch]:
                x0, y0, x1, y1 = SEGMENTS[s]
                pts = [(x + (px + slant * (2 - py)) * cell, cy - cell + py * cell) for px, py in ((x0, y0), (x1, y1))]
                dr.line([(px * k, py * k) for px, py in pts], fill=255, width=int(bar * k))
        elif ch == "'":
            dr.line([((x + 0.5 * cell) * k, (cy - cell) * k), ((x + 0.4 * cell) * k, (cy - 0.5 * cell) * k)], fill=255,
                    width=int(bar * k))
        x += cell * 1.6
    cover = np.asarray(big.resize((m.w, m.h), Image.BOX), np.float32) / 255
    ink = rnd.choice([[255, rnd.uniform(120, 165), 30], [255, rnd.uniform(40, 80), 25], [255, 215, 70]])
    glow = np.asarray(Image.fromarray((cover * 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(cell * 0.25)),
                      np.float32) / 255
    m.lay(np.clip(glow * 1.5, 0, 1), ink, rnd.uniform(0.3, 0.55))
    m.lay(cover, ink, rnd.uniform(0.85, 1))


VISIBLE = 8  # least mean change under the mark's core, in levels summed over the channels


def visible(m, photo):
    core = m.alpha >= 0.5 * m.alpha.max()
    return np.abs(m.img - photo)[core].sum(1).mean() >= VISIBLE


def draw(kind, rnd, m, fonts, heldout):
    if kind == 'diagonal-white-thin':
        diagonal(rnd, m, fonts, [rnd.uniform(235, 255)] * 3, rnd.uniform(0.18, 0.45), heldout, bold=False)
    elif kind == 'diagonal-white-bold':
        diagonal(rnd, m, fonts, [rnd.uniform(235, 255)] * 3, rnd.uniform(0.2, 0.5), heldout, bold=True)
    elif kind == 'diagonal-dark':
        diagonal(rnd, m, fonts, [rnd.uniform(45, 100)] * 3, rnd.uniform(0.2, 0.5), heldout, bold=rnd.random() < 0.5)
    elif kind == 'outlined':
        outlined(rnd, m, fonts, heldout)
    elif kind == 'tiled-grid':
        tiled_grid(rnd, m, fonts, heldout)
    elif kind == 'dark-corner-text':
        dark_corner_text(rnd, m, fonts)
    elif kind == 'colour-corner-logo':
        colour_corner_logo(rnd, m, fonts, heldout)
    else:
        date_imprint_dark(rnd, m)


def photo_files(dirs):
    """The photographs under the folders (at least 300 px on the short side, at least 400 colours at 5 bits in
    a 128 px thumbnail), one landscape size per wallpaper, in name order."""
    out, seen = [], set()
    for folder in dirs:
        for f in sorted(glob.glob(folder + '/**/*', recursive=True)):
            if not f.lower().endswith(('.jpg', '.jpeg', '.png')) or os.path.dirname(f) in seen:
                continue
            im = Image.open(f).convert('RGB')
            if min(im.size) < 300 or ('/wallpapers/' in f and im.height > im.width):  # a phone's size
                continue
            t = np.asarray(im.resize((128, 128))) >> 3
            if len(np.unique(t[..., 0].astype(np.int32) * 1024 + t[..., 1] * 32 + t[..., 2])) < 400:
                continue
            if '/wallpapers/' in f:
                seen.add(os.path.dirname(f))
            out.append(f)
    return out


def main():
    part, out_dir, dirs = sys.argv[1], sys.argv[2], sys.argv[3:]
    rnd = random.Random(SEED[part])
    fonts = fonts_of(part)
    os.makedirs(out_dir, exist_ok=True)
    cases = []
    files = photo_files(dirs)
    for round_ in range(3):
        for k, f in enumerate(files):
            im = ImageOps.exif_transpose(Image.open(f)).convert('RGB')
            s = SIDE / max(im.size)
            photo = np.asarray(im.resize((round(im.width * s), round(im.height * s)), Image.LANCZOS))
            kind = 'clean' if round_ == 2 else KINDS[(k + 3 * round_) % len(KINDS)]
            m = Marked(photo)
            for _ in range(8 if kind != 'clean' else 0):  # drawn again when it would not be seen
                m = Marked(photo)
                draw(kind, rnd, m, fonts, part == 'heldout')
                if visible(m, photo):
                    break
            buf = io.BytesIO()
            Image.fromarray(np.clip(m.img + 0.5, 0, 255).astype(np.uint8)).save(buf, 'JPEG', quality=rnd.randint(70, 92))
            case_id = f'{part[0]}s-{len(cases) + 1:03d}'
            Image.open(buf).convert('RGB').save(f'{out_dir}/{case_id}-input.png')
            Image.fromarray(((m.alpha >= TRUE_ALPHA) * 255).astype(np.uint8)).save(f'{out_dir}/{case_id}-mask.png')
            cases.append({'id': case_id, 'kind': kind, 'photo': os.path.relpath(f, os.path.commonpath(dirs))})
            print(case_id, kind, f, flush=True)
    json.dump({'part': part, 'fonts': sorted({os.path.basename(p) for p in fonts['any']}), 'cases': cases},
              open(f'{out_dir}/cases.json', 'w'), indent=1)


if __name__ == '__main__':
    main()
