"""Watermarks drawn over training photos, for the mark segmenter.

Independent of the benchmark's drawings (bench/watermark-set, SVG through librsvg): other code, other fonts'
use, other words, and a wider range of each kind, so that the network learns what a mark laid over a photo
looks like rather than the benchmark's marks. Every mark is composited as editors do,
out = (1 - a) * photo + a * colour, with colour and opacity per pixel; the target is where a >= 0.02.
"""
import glob
import io
import json
import os
import random

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

# Debian's font packages, each unpacked into a folder of its own under FONT_DIR (README.md). The training ones are
# drawn here; the held-out ones only by the stock-style evaluation set (bench/watermark-set/stock).
FONT_DIR = os.environ.get('MARK_FONT_DIR', '/tmp/wm-fonts')
FONT_PACKAGES = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'font-packages.json')))
NOT_LETTERS = ('MathTeX', 'Symbol', 'Dingbat', 'D050000L', 'DSEG', 'Initials', 'math')


def package_fonts(packages):
    """The letter fonts of the packages: their .ttf and .otf files but symbols, maths and segment faces."""
    return sorted(f for p in packages for f in glob.glob(f'{FONT_DIR}/{p}/**/*.[ot]tf', recursive=True)
                  if not any(n in f for n in NOT_LETTERS))


FONTS = sorted(
    f for f in glob.glob('/usr/share/fonts/truetype/**/*.ttf', recursive=True)
    if ('DejaVu' in f or 'Liberation' in f) and 'MathTeX' not in f
) + package_fonts(FONT_PACKAGES['training'])
MONO = [f for f in FONTS if 'Mono' in f or 'mono' in f or 'Code' in f or 'Hack' in f]
# Seven-segment faces for date imprints (fonts-dseg).
SEGMENT_FONTS = sorted(glob.glob(f'{FONT_DIR}/fonts-dseg/**/DSEG7*.ttf', recursive=True))
SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'ven', 'tor', 'pix', 'el', 'stu', 'dio', 'fo', 'to', 'graf', 'nor', 'sun',
             'vi', 'sta', 'mar', 'co', 'lux', 'ar', 'bel', 'net', 'ox', 'qu', 'zen', 'ly', 'ma', 'pro', 'shot']
TLDS = ['.com', '.net', '.org', '.io', '.de', '.co.uk', '.photo', '.fr']


def word(rnd):
    w = ''.join(rnd.choice(SYLLABLES) for _ in range(rnd.randint(1, 4)))
    r = rnd.random()
    return w.upper() if r < 0.4 else w.capitalize() if r < 0.7 else w


def phrase(rnd):
    r = rnd.random()
    if r < 0.25:
        return ('www.' if rnd.random() < 0.6 else '') + word(rnd).lower() + rnd.choice(TLDS)
    if r < 0.4:
        return '\u00a9 ' + (str(rnd.randint(1995, 2026)) + ' ' if rnd.random() < 0.6 else '') + word(rnd) + ' ' + word(rnd)
    if r < 0.5:
        return '@' + word(rnd).lower() + rnd.choice(['', '_', '.']) + word(rnd).lower()
    return ' '.join(word(rnd) for _ in range(rnd.randint(1, 3)))


def vivid(rnd):
    h = rnd.random()
    s = rnd.uniform(0.5, 1)
    v = rnd.uniform(0.6, 1)
    i = int(h * 6) % 6
    f = h * 6 - int(h * 6)
    p, q, t = v * (1 - s), v * (1 - f * s), v * (1 - (1 - f) * s)
    rgb = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
    return np.array(rgb) * 255


def colour(rnd):
    r = rnd.random()
    if r < 0.35:
        return np.array([255.0, 255.0, 255.0]) * rnd.uniform(0.85, 1)
    if r < 0.55:
        return np.array([1.0, 1.0, 1.0]) * rnd.uniform(0, 90)
    if r < 0.65:
        return np.array([1.0, 1.0, 1.0]) * rnd.uniform(90, 200)
    return vivid(rnd)


def field(rnd, h, w, box, flat=0.45):
    """Colour per pixel over the box (x0, y0, x1, y1): flat (a share `flat` of the time), a linear gradient of
    2-3 colours, or radial."""
    r = rnd.random()
    if r < flat:
        return np.broadcast_to(colour(rnd), (h, w, 3)).astype(np.float32)
    r = 0.45 + (r - flat) / (1 - flat) * 0.55  # the rest split between linear and radial as before
    x0, y0, x1, y1 = box
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    if r < 0.85:
        a = rnd.uniform(0, np.pi)
        t = (xs - x0) * np.cos(a) + (ys - y0) * np.sin(a)
        span = abs((x1 - x0) * np.cos(a)) + abs((y1 - y0) * np.sin(a)) + 1
        t = np.clip(t / span, 0, 1)
    else:
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        t = np.clip(np.hypot(xs - cx, ys - cy) / (max(x1 - x0, y1 - y0) / 2 + 1), 0, 1)
    stops = [vivid(rnd) if rnd.random() < 0.8 else colour(rnd) for _ in range(rnd.choice([2, 2, 3]))]
    # Piecewise linear between the stops: segment k runs from stop k to stop k + 1.
    t = t * (len(stops) - 1)
    k = np.minimum(t.astype(np.int32), len(stops) - 2)
    f = (t - k)[..., None]
    stops = np.array(stops, np.float32)
    return ((1 - f) * stops[k] + f * stops[k + 1]).astype(np.float32)


def font(rnd, size, mono=False):
    return ImageFont.truetype(rnd.choice(MONO if mono else FONTS), max(6, int(size)))


def text_layer(rnd, w, h, text, size, angle, at, f=None, stroke=0):
    """A text's coverage (0-1 float) rotated by angle about its centre, placed with its centre at `at`."""
    f = f or font(rnd, size)
    left, top, right, bottom = f.getbbox(text, stroke_width=stroke)
    pad = stroke + 4
    img = Image.new('L', (right - left + 2 * pad, bottom - top + 2 * pad), 0)
    ImageDraw.Draw(img).text((pad - left, pad - top), text, font=f, fill=255, stroke_width=stroke, stroke_fill=255)
    if angle:
        img = img.rotate(angle, resample=Image.BICUBIC, expand=True)
    layer = Image.new('L', (w, h), 0)
    layer.paste(img, (int(at[0] - img.width / 2), int(at[1] - img.height / 2)))
    return np.asarray(layer, np.float32) / 255


def shape_layer(rnd, w, h, cx, cy, size, kind=None):
    """One emblem shape's coverage, drawn at 4x and shrunk for smooth edges."""
    k = 4
    img = Image.new('L', (w * k, h * k), 0)
    d = ImageDraw.Draw(img)
    s = size * k / 2
    X, Y = cx * k, cy * k
    kind = kind or rnd.choice(['circle', 'ring', 'square', 'rounded', 'triangle', 'star', 'hexagon', 'ellipse', 'diamond'])
    if kind == 'circle':
        d.ellipse([X - s, Y - s, X + s, Y + s], fill=255)
    elif kind == 'ring':
        d.ellipse([X - s, Y - s, X + s, Y + s], fill=255)
        t = s * rnd.uniform(0.55, 0.85)
        d.ellipse([X - t, Y - t, X + t, Y + t], fill=0)
    elif kind == 'ellipse':
        e = rnd.uniform(0.4, 0.8)
        d.ellipse([X - s, Y - s * e, X + s, Y + s * e], fill=255)
    elif kind == 'square':
        d.rectangle([X - s, Y - s, X + s, Y + s], fill=255)
    elif kind == 'rounded':
        d.rounded_rectangle([X - s, Y - s * rnd.uniform(0.5, 1), X + s, Y + s], radius=s * 0.3, fill=255)
    else:
        n = {'triangle': 3, 'hexagon': 6, 'diamond': 4, 'star': 10}[kind]
        rot = rnd.uniform(0, 2 * np.pi)
        pts = []
        for i in range(n):
            r = s * (0.45 if kind == 'star' and i % 2 else 1)
            pts.append((X + r * np.cos(rot + 2 * np.pi * i / n), Y + r * np.sin(rot + 2 * np.pi * i / n)))
        d.polygon(pts, fill=255)
    return np.asarray(img.resize((w, h), Image.BOX), np.float32) / 255


def blurred(a, radius):
    img = Image.fromarray(np.clip(a * 255, 0, 255).astype(np.uint8))
    return np.asarray(img.filter(ImageFilter.GaussianBlur(radius)), np.float32) / 255


VISIBLE = 6  # mean change over the layer's pixels, in levels summed over the channels


class Canvas:
    def __init__(self, photo, faces=()):
        self.img = photo.astype(np.float32)
        self.h, self.w = photo.shape[:2]
        self.mark = np.zeros((self.h, self.w), np.float32)
        self.busy = None
        self.faces = faces  # (x, y, size) in pixels of the crop

    def spot(self, rnd, lo, hi, busy=0.4):
        """A mark's centre, in the middle part [lo, hi] of each side: anywhere, or at times on the photo's busiest
        detail or on a face (people's marks land on faces and texture too, where the photo's own edges cross the
        mark's)."""
        if self.faces and rnd.random() < 0.6:
            x, y, s = rnd.choice(self.faces)
            x, y = x + rnd.uniform(-0.3, 0.3) * s, y + rnd.uniform(-0.3, 0.3) * s
            return float(np.clip(x / self.w, lo, hi)) * self.w, float(np.clip(y / self.h, lo, hi)) * self.h
        if rnd.random() >= busy:
            return rnd.uniform(lo, hi) * self.w, rnd.uniform(lo, hi) * self.h
        if self.busy is None:
            g = self.img.mean(2)
            energy = np.abs(np.diff(g, axis=0))[:, :-1] + np.abs(np.diff(g, axis=1))[:-1]
            small = np.asarray(Image.fromarray(energy).resize((32, 32), Image.BOX))
            self.busy = np.argwhere(small >= np.quantile(small, 0.8))
        y, x = self.busy[rnd.randrange(len(self.busy))]
        return (float(np.clip((x + rnd.random()) / 32, lo, hi)) * self.w,
                float(np.clip((y + rnd.random()) / 32, lo, hi)) * self.h)

    def paint(self, cover, col, opacity):
        a = (cover * opacity)[..., None]
        before = self.img
        self.img = self.img * (1 - a) + col * a
        # A layer that changes the photo by less than a few levels cannot be seen, so it cannot be found.
        inside = cover > 0.5
        if inside.any() and np.abs(self.img - before)[inside].mean() * 3 >= VISIBLE:
            self.mark = 1 - (1 - self.mark) * (1 - a[..., 0])


def bbox(cover):
    ys, xs = np.nonzero(cover > 0.02)
    if len(xs) == 0:
        return (0, 0, 1, 1)
    return (xs.min(), ys.min(), xs.max() + 1, ys.max() + 1)


def styled_text(rnd, c, text, size, angle, at, opacity):
    """Text with, at times, an outline, a drop shadow or a glow, and a flat or gradient fill."""
    w, h = c.w, c.h
    f = font(rnd, size)
    cover = text_layer(rnd, w, h, text, size, angle, at, f)
    style = rnd.random()
    if style < 0.2:
        dx, dy = rnd.uniform(-1, 1) * size * 0.08, rnd.uniform(0.3, 1) * size * 0.08
        shadow = np.roll(np.roll(cover, int(round(dy)), 0), int(round(dx)), 1)
        c.paint(blurred(shadow, rnd.uniform(0.5, 3)), np.array([0.0, 0, 0]) + rnd.uniform(0, 40), rnd.uniform(0.3, 0.8))
    elif style < 0.35:
        sw = max(1, int(size * rnd.uniform(0.03, 0.08)))
        outline = text_layer(rnd, w, h, text, size, angle, at, f, stroke=sw)
        c.paint(outline, colour(rnd), rnd.uniform(0.4, 1) * opacity ** 0.5)
    elif style < 0.42:
        c.paint(blurred(cover, size * 0.1), colour(rnd), rnd.uniform(0.2, 0.5))
    c.paint(cover, field(rnd, h, w, bbox(cover)), opacity)


def ring_layer(rnd, c, cx, cy, size):
    """A ring round an emblem, as badges have: a thin band a little outside the shape."""
    outer = size * rnd.uniform(1.2, 1.6)
    inner = outer * (1 - rnd.uniform(0.08, 0.2))
    return np.clip(shape_layer(rnd, c.w, c.h, cx, cy, outer, 'circle')
                   - shape_layer(rnd, c.w, c.h, cx, cy, inner, 'circle'), 0, 1)


def emblem(rnd, c, cx, cy, size, opacity, fill=None):
    """A logo's emblem: one shape, a shape inside a ring (a badge), or two to four overlapping shapes of their
    own colours. Mostly gradients, as logos are drawn, and where a model of one colour fails. fill: one colour
    field for the whole logo, when its emblem and word share one gradient."""
    r = rnd.random()
    if r < 0.25:
        both = np.maximum(shape_layer(rnd, c.w, c.h, cx, cy, size), ring_layer(rnd, c, cx, cy, size))
        c.paint(both, fill if fill is not None else field(rnd, c.h, c.w, bbox(both), flat=0.25), opacity)
        return
    n = 1 if r < 0.6 else rnd.randint(2, 4)
    for _ in range(n):
        ox, oy = (rnd.uniform(-0.4, 0.4) * size, rnd.uniform(-0.4, 0.4) * size) if n > 1 else (0, 0)
        s = size * (rnd.uniform(0.5, 0.9) if n > 1 else 1)
        cover = shape_layer(rnd, c.w, c.h, cx + ox, cy + oy, s)
        col = fill if fill is not None else field(rnd, c.h, c.w, bbox(cover), flat=0.25)
        c.paint(cover, col, opacity * (rnd.uniform(0.6, 1.2) if n > 1 else 1))


def logo(rnd, c, scale):
    """An emblem with, most often, a word beside or under it; at times the whole logo in one gradient, running
    across emblem and word alike. Logos land on the photo's busiest detail more often than other marks: there an
    emblem's outline is hardest to tell from the photo's own."""
    size = scale * rnd.uniform(0.06, 0.3)
    cx, cy = c.spot(rnd, 0.15, 0.85, busy=0.6)
    opacity = rnd.uniform(0.2, 0.9)
    text = word(rnd)
    ts = size * rnd.uniform(0.3, 0.7)
    if rnd.random() < 0.6:
        at = (cx + size * 0.6 + len(text) * ts * 0.32, cy)
    else:
        at = (cx, cy + size * 0.6 + ts * 0.6)
    with_word = rnd.random() < 0.75
    half = len(text) * ts * 0.32  # the word's half width, roughly
    box = (min(cx - size / 2, at[0] - half), cy - size / 2,
           max(cx + size / 2, at[0] + half), max(cy + size / 2, at[1] + ts / 2))
    shared = field(rnd, c.h, c.w, box, flat=0) if with_word and rnd.random() < 0.4 else None
    emblem(rnd, c, cx, cy, size, opacity, shared)
    if not with_word:
        return
    if shared is None:
        styled_text(rnd, c, text, ts, 0, at, opacity)
    else:
        c.paint(text_layer(rnd, c.w, c.h, text, ts, 0, at), shared, opacity)


def overlapping(rnd, c, scale):
    cx, cy = c.spot(rnd, 0.2, 0.8)
    spread = scale * rnd.uniform(0.05, 0.2)
    for _ in range(rnd.randint(2, 5)):
        s = scale * rnd.uniform(0.05, 0.25)
        cover = shape_layer(rnd, c.w, c.h, cx + rnd.uniform(-1, 1) * spread, cy + rnd.uniform(-1, 1) * spread, s)
        col = vivid(rnd) if rnd.random() < 0.8 else field(rnd, c.h, c.w, bbox(cover))
        c.paint(cover, col, rnd.uniform(0.15, 0.7))


def free_text(rnd, c, scale):
    angle = 0 if rnd.random() < 0.5 else rnd.uniform(-50, 50)
    at = c.spot(rnd, 0.25, 0.75)
    if rnd.random() < 0.4:
        # A stock photo's preview word across the photo: one word, half to all of its width, letters large.
        text = word(rnd)
        size = min(scale * 0.35, scale * rnd.uniform(0.5, 1.1) / (0.6 * len(text)))
        styled_text(rnd, c, text, size, angle, at, rnd.uniform(0.2, 0.65))
        return
    size = scale * rnd.uniform(0.02, 0.12)
    styled_text(rnd, c, phrase(rnd), size, angle, at, rnd.uniform(0.15, 0.95))


def tiled(rnd, c, scale):
    text = phrase(rnd) if rnd.random() < 0.6 else word(rnd)
    size = scale * rnd.uniform(0.02, 0.06)
    angle = rnd.choice([0, rnd.uniform(-50, 50)])
    f = font(rnd, size)
    cover = np.zeros((c.h, c.w), np.float32)
    step_x = f.getlength(text) * rnd.uniform(1.2, 2.2) + size
    step_y = size * rnd.uniform(2, 5)
    a = np.radians(-angle)
    shift = rnd.uniform(0, 1)
    for j in range(-8, 9):
        for i in range(-8, 9):
            x = (i + (j * shift) % 1) * step_x
            y = j * step_y
            px = c.w / 2 + x * np.cos(a) - y * np.sin(a)
            py = c.h / 2 + x * np.sin(a) + y * np.cos(a)
            if -step_x < px < c.w + step_x and -step_x < py < c.h + step_x:
                cover = np.maximum(cover, text_layer(rnd, c.w, c.h, text, size, angle, (px, py), f))
    c.paint(cover, colour(rnd), rnd.uniform(0.1, 0.5))


def banner(rnd, c, scale):
    h = scale * rnd.uniform(0.05, 0.18)
    y = rnd.uniform(0.1, 0.9) * c.h
    x0, x1 = (0, c.w) if rnd.random() < 0.6 else sorted((rnd.uniform(0, 0.5) * c.w, rnd.uniform(0.5, 1) * c.w))
    band = np.zeros((c.h, c.w), np.float32)
    band[int(max(0, y - h / 2)):int(min(c.h, y + h / 2)), int(x0):int(x1)] = 1
    dark = rnd.random() < 0.6
    c.paint(band, np.array([1.0, 1, 1]) * (rnd.uniform(0, 60) if dark else rnd.uniform(200, 255)), rnd.uniform(0.25, 0.8))
    col = np.array([1.0, 1, 1]) * (rnd.uniform(220, 255) if dark else rnd.uniform(0, 50))
    c.paint(text_layer(rnd, c.w, c.h, phrase(rnd), h * 0.55, 0, ((x0 + x1) / 2, y)), col, rnd.uniform(0.6, 1))


def date_stamp(rnd, c, scale):
    y, m, d = rnd.randint(80, 99), rnd.randint(1, 12), rnd.randint(1, 28)
    text = rnd.choice([f"'{y} {m} {d}", f"{m:02d}/{d:02d}/{y}", f"{d:02d} {m:02d} '{y}", f"20{rnd.randint(0, 25):02d}.{m:02d}.{d:02d}"])
    size = scale * rnd.uniform(0.02, 0.05)
    f = font(rnd, size, mono=rnd.random() < 0.6)
    tw = f.getlength(text)
    x = c.w - tw / 2 - rnd.uniform(0.03, 0.1) * c.w if rnd.random() < 0.75 else tw / 2 + rnd.uniform(0.03, 0.1) * c.w
    yy = c.h - rnd.uniform(0.04, 0.12) * c.h
    cover = text_layer(rnd, c.w, c.h, text, size, 0, (x, yy), f)
    col = np.array([255, rnd.uniform(90, 190), rnd.uniform(0, 60)])
    c.paint(blurred(cover, size * 0.12), col, rnd.uniform(0.3, 0.6))
    c.paint(blurred(cover, rnd.uniform(0, 0.8)), col, rnd.uniform(0.7, 1))


def corner(rnd, c, scale):
    size = scale * rnd.uniform(0.02, 0.05)
    text = phrase(rnd)
    f = font(rnd, size)
    tw = f.getlength(text)
    right = rnd.random() < 0.6
    x = c.w - tw / 2 - size if right else tw / 2 + size
    y = c.h - size * 1.5 if rnd.random() < 0.7 else size * 1.5
    if rnd.random() < 0.7:
        es = size * rnd.uniform(1.2, 2.5)
        emblem(rnd, c, x - tw / 2 - es if right else x + tw / 2 + es, y, es, rnd.uniform(0.4, 1))
    styled_text(rnd, c, text, size, 0, (x, y), rnd.uniform(0.4, 1))


def grey(rnd, light):
    """White to light grey, or dark grey to black: the stock sites' two inks."""
    return np.array([1.0, 1, 1]) * (rnd.uniform(215, 255) if light else rnd.uniform(20, 110))


def lettering(rnd, c, text, size, angle, at, ink, opacity, f=None):
    """Stock lettering in one ink: filled, hollow (only an outline), embossed (a light and a dark edge, offset
    either way, and little or no fill) or drop-shadowed, each in dark or light."""
    f = f or font(rnd, size)
    cover = text_layer(rnd, c.w, c.h, text, size, angle, at, f)
    style = rnd.random()
    if style < 0.2:  # hollow
        sw = max(1, int(size * rnd.uniform(0.02, 0.06)))
        ring = np.clip(text_layer(rnd, c.w, c.h, text, size, angle, at, f, stroke=sw) - cover * rnd.uniform(0.8, 1), 0, 1)
        c.paint(ring, ink, min(1, opacity * rnd.uniform(1.2, 2)))
        return
    if style < 0.4:  # embossed
        d = max(1, int(round(size * rnd.uniform(0.015, 0.04))))
        lit = np.clip(cover - np.roll(np.roll(cover, d, 0), d, 1), 0, 1)
        shade = np.clip(cover - np.roll(np.roll(cover, -d, 0), -d, 1), 0, 1)
        c.paint(lit, grey(rnd, True), opacity * rnd.uniform(1, 1.6))
        c.paint(shade, grey(rnd, False), opacity * rnd.uniform(1, 1.6))
        c.paint(cover, ink, opacity * rnd.uniform(0, 0.6))
        return
    if style < 0.6:  # drop shadow, dark under light ink or light under dark
        light = ink.mean() > 128
        dx, dy = rnd.uniform(-1, 1) * size * 0.05, rnd.uniform(0.3, 1) * size * 0.05
        shadow = np.roll(np.roll(cover, int(round(dy)), 0), int(round(dx)), 1)
        c.paint(blurred(shadow, rnd.uniform(0.5, 2.5)), grey(rnd, not light), opacity * rnd.uniform(0.6, 1.2))
    c.paint(cover, ink, opacity)


def stock_word(rnd, c, scale):
    """The stock sites' mark: one or two large words set diagonally across the middle of the photo, at times
    repeated in a row or a column, in white (thin or bold) or dark grey at 15-60 % opacity."""
    text = word(rnd) if rnd.random() < 0.6 else word(rnd) + rnd.choice([' ', '']) + word(rnd)
    if rnd.random() < 0.3:
        text = text.lower() + rnd.choice(['.com', '', ' stock', ' images'])
    angle = rnd.choice([1, -1]) * rnd.uniform(15, 45) if rnd.random() < 0.8 else rnd.uniform(-5, 5)
    f = font(rnd, 100)
    width = scale * rnd.uniform(0.5, 1.1)
    size = min(scale * 0.4, 100 * width / max(1, f.getlength(text)))
    f = ImageFont.truetype(f.path, max(8, int(size)))
    ink = grey(rnd, rnd.random() < 0.65)
    opacity = rnd.uniform(0.15, 0.6)
    cx, cy = c.w / 2 + rnd.uniform(-0.25, 0.25) * c.w, c.h / 2 + rnd.uniform(-0.25, 0.25) * c.h
    copies = 1 if rnd.random() < 0.6 else rnd.randint(2, 4)
    gap = size * rnd.uniform(1.6, 3.5)
    a = np.radians(-angle)
    for k in range(copies):
        o = (k - (copies - 1) / 2) * gap  # across the words' direction
        at = (cx - o * np.sin(a), cy + o * np.cos(a))
        lettering(rnd, c, text, size, angle, at, ink, opacity, f)


def stock_grid(rnd, c, scale):
    """A grid of small thin words tiled over the whole photo, at several angles and spacings, staggered at
    times, at times with a second, smaller word between the rows."""
    text = word(rnd) if rnd.random() < 0.5 else phrase(rnd)
    size = scale * rnd.uniform(0.015, 0.05)
    angle = rnd.choice([0, 15, -15, 30, -30, 45, -45, rnd.uniform(-60, 60)])
    f = font(rnd, size)
    step_x = f.getlength(text) * rnd.uniform(1.05, 2.5) + size * rnd.uniform(0, 2)
    step_y = size * rnd.uniform(1.6, 6)
    stagger = rnd.choice([0, 0.5, rnd.random()])
    small = word(rnd) if rnd.random() < 0.25 else None
    a = np.radians(-angle)
    cover = np.zeros((c.h, c.w), np.float32)
    reach = max(c.w, c.h)
    for j in range(-int(reach / step_y) - 2, int(reach / step_y) + 3):
        for i in range(-int(reach / step_x) - 2, int(reach / step_x) + 3):
            for t, dy, s in [(text, 0, size)] + ([(small, step_y / 2, size * 0.6)] if small else []):
                x, y = (i + (j * stagger) % 1) * step_x, j * step_y + dy
                px, py = c.w / 2 + x * np.cos(a) - y * np.sin(a), c.h / 2 + x * np.sin(a) + y * np.cos(a)
                if -step_x < px < c.w + step_x and -step_x < py < c.h + step_x:
                    cover = np.maximum(cover, text_layer(rnd, c.w, c.h, t, s, angle, (px, py), f if s == size else None))
    ink = grey(rnd, rnd.random() < 0.6)
    c.paint(cover, ink, rnd.uniform(0.12, 0.5))


def dark_corner(rnd, c, scale):
    """Dark text in a corner (a photographer's name or address), at times with a small emblem, at times in a
    darker shadow-like grey."""
    size = scale * rnd.uniform(0.018, 0.045)
    text = phrase(rnd)
    f = font(rnd, size)
    tw = f.getlength(text)
    right, bottom = rnd.random() < 0.6, rnd.random() < 0.75
    m = rnd.uniform(0.5, 2) * size
    x = c.w - tw / 2 - m if right else tw / 2 + m
    y = c.h - m - size / 2 if bottom else m + size / 2
    ink = grey(rnd, False) if rnd.random() < 0.8 else vivid(rnd) * 0.45
    if rnd.random() < 0.4:
        es = size * rnd.uniform(1, 2)
        c.paint(shape_layer(rnd, c.w, c.h, x - tw / 2 - es if right else x + tw / 2 + es, y, es), ink, rnd.uniform(0.5, 1))
    lettering(rnd, c, text, size, 0, (x, y), ink, rnd.uniform(0.45, 1), f)


def colour_logo(rnd, c, scale):
    """A logo of several colours in a corner: an emblem and a word whose letters or halves take different
    colours."""
    size = scale * rnd.uniform(0.03, 0.1)
    text = word(rnd)
    f = font(rnd, size * rnd.uniform(0.5, 0.9))
    tw = f.getlength(text)
    right, bottom = rnd.random() < 0.6, rnd.random() < 0.6
    m = rnd.uniform(0.3, 1.2) * size
    ex = c.w - m - size / 2 if right else m + size / 2
    ey = c.h - m - size / 2 if bottom else m + size / 2
    tx = ex - size * 0.7 - tw / 2 if right else ex + size * 0.7 + tw / 2
    opacity = rnd.uniform(0.55, 1)
    emblem(rnd, c, ex, ey, size, opacity)
    inks = [vivid(rnd) for _ in range(rnd.randint(2, 4))]
    if rnd.random() < 0.5:  # each letter its own colour, in turn
        x = tx - tw / 2
        for k, ch in enumerate(text):
            cw = f.getlength(ch)
            c.paint(text_layer(rnd, c.w, c.h, ch, f.size, 0, (x + cw / 2, ey), f), inks[k % len(inks)], opacity)
            x += cw
    else:  # two halves
        cut = rnd.randint(1, max(1, len(text) - 1))
        a, b = text[:cut], text[cut:]
        wa = f.getlength(a)
        c.paint(text_layer(rnd, c.w, c.h, a, f.size, 0, (tx - tw / 2 + wa / 2, ey), f), inks[0], opacity)
        if b:
            c.paint(text_layer(rnd, c.w, c.h, b, f.size, 0, (tx - tw / 2 + wa + f.getlength(b) / 2, ey), f), inks[1], opacity)


def segment_date(rnd, c, scale):
    """A camera's seven-segment date imprint with its glow, in orange, red or yellow, in a corner, most often on a
    dark (night) photo or its busiest corner."""
    if rnd.random() < 0.5 and not c.mark.any():  # a night photo, where imprints are most often missed
        c.img = c.img * rnd.uniform(0.2, 0.6)
    y, m, d = rnd.randint(80, 99), rnd.randint(1, 12), rnd.randint(1, 28)
    text = rnd.choice([f"'{y} {m} {d}", f"{m:2d} {d:2d} '{y}", f"{d:02d}.{m:02d}.{y}", f"20{rnd.randint(0, 25):02d} {m:02d} {d:02d}"])
    size = scale * rnd.uniform(0.02, 0.05)
    f = ImageFont.truetype(rnd.choice(SEGMENT_FONTS), max(8, int(size))) if SEGMENT_FONTS else font(rnd, size, True)
    tw = f.getlength(text)
    right, bottom = rnd.random() < 0.8, rnd.random() < 0.85
    mx, my = rnd.uniform(0.03, 0.1) * c.w, rnd.uniform(0.03, 0.1) * c.h
    at = (c.w - mx - tw / 2 if right else mx + tw / 2, c.h - my - size / 2 if bottom else my + size / 2)
    cover = text_layer(rnd, c.w, c.h, text, size, rnd.uniform(-2, 2), at, f)
    ink = rnd.choice([np.array([255, rnd.uniform(110, 170), rnd.uniform(0, 50)]),  # orange
                      np.array([255, rnd.uniform(30, 80), rnd.uniform(0, 40)]),  # red
                      np.array([255, rnd.uniform(200, 240), rnd.uniform(40, 110)])])  # yellow
    c.paint(blurred(cover, size * rnd.uniform(0.1, 0.3)), ink, rnd.uniform(0.25, 0.6))
    c.paint(blurred(cover, rnd.uniform(0, 1)), ink, rnd.uniform(0.75, 1))


# The earlier kinds in the seventh run's proportions (logos 3 marks in 10), and the kinds stock sites and cameras
# make, each row summing to one. STOCK_SHARE of the marks are the second row's (make-pairs.py --stock); at the
# default half, the weights are the eighth and ninth runs' (0.11, 0.15, ... 0.18, 0.1, ...).
EARLIER_KINDS = [(free_text, 0.22), (logo, 0.3), (overlapping, 0.12), (tiled, 0.1), (banner, 0.06),
                 (date_stamp, 0.08), (corner, 0.12)]
STOCK_KINDS = [(stock_word, 0.36), (stock_grid, 0.2), (dark_corner, 0.16), (colour_logo, 0.16), (segment_date, 0.12)]
STOCK_SHARE = 0.5


def kinds(stock_share=None):
    s = STOCK_SHARE if stock_share is None else stock_share
    return [(k, p * (1 - s)) for k, p in EARLIER_KINDS] + [(k, p * s) for k, p in STOCK_KINDS]


KINDS = kinds()


def mark_photo(rnd, photo, clean_share=0.25, faces=(), decoys=0.0, stock_share=None):
    """The photo with 0-3 marks drawn over it, and where they are (float 0-1). decoys: the share of photos
    given printed text or opaque objects of their own first (decoys.py), which are not marks. stock_share: the
    share of the marks drawn from the stock kinds (default STOCK_SHARE)."""
    table = KINDS if stock_share is None else kinds(stock_share)
    c = Canvas(photo, faces)
    scale = max(c.w, c.h) * rnd.uniform(0.6, 1.6)  # a patch is part of a larger photo
    # Drawn from the random source only when asked, so the seeds without decoys give the pairs they always gave.
    if decoys and rnd.random() < decoys:
        from decoys import add_decoys  # imported here: decoys.py draws with this module's helpers
        add_decoys(rnd, c, scale)
    if rnd.random() >= clean_share:
        for _ in range(rnd.choice([1, 1, 1, 2, 2, 3])):
            kind = rnd.choices([k for k, _ in table], [p for _, p in table])[0]
            kind(rnd, c, scale)
    return np.clip(c.img, 0, 255).astype(np.uint8), (c.mark >= 0.02).astype(np.float32)


FACE_SHARE = 0.25  # of the pairs, cropped around a face when a list of faces is given


def sample(rnd, photos, size=512, faces=None, decoys=0.0, stock_share=None):
    """One training pair at twice the network's scale: marked photo (JPEG at times) and its mark. faces: photo
    path -> boxes (x, y, width, height as fractions of the photo), from the project's face detector."""
    with_faces = [p for p in photos if faces and p in faces]
    on_face = bool(with_faces) and rnd.random() < FACE_SHARE
    path = rnd.choice(with_faces if on_face else photos)
    im = Image.open(path).convert('RGB')
    long_side = rnd.uniform(700, 1600)
    k = long_side / max(im.size)
    im = im.resize((max(size, int(im.width * k)), max(size, int(im.height * k))), Image.BICUBIC if k > 1 else Image.BOX)
    boxes = [(fx * im.width, fy * im.height, fw * im.width, fh * im.height) for fx, fy, fw, fh in
             (faces or {}).get(path, [])]
    if on_face:  # the crop holds the face's centre
        fx, fy, fw, fh = rnd.choice(boxes)
        cx, cy = fx + fw / 2, fy + fh / 2
        x = rnd.randint(int(np.clip(cx - size + 1, 0, im.width - size)), int(np.clip(cx, 0, im.width - size)))
        y = rnd.randint(int(np.clip(cy - size + 1, 0, im.height - size)), int(np.clip(cy, 0, im.height - size)))
    else:
        x, y = rnd.randint(0, im.width - size), rnd.randint(0, im.height - size)
    photo = np.asarray(im.crop((x, y, x + size, y + size)))
    mirrored = rnd.random() < 0.5
    if mirrored:
        photo = photo[:, ::-1]
    centres = [(fx + fw / 2 - x, fy + fh / 2 - y, max(fw, fh)) for fx, fy, fw, fh in boxes]
    centres = [(size - cx if mirrored else cx, cy, s) for cx, cy, s in centres if 0 <= cx < size and 0 <= cy < size]
    img, mark = mark_photo(rnd, photo, faces=centres, decoys=decoys, stock_share=stock_share)
    out = Image.fromarray(img)
    if rnd.random() < 0.6:
        buf = io.BytesIO()
        out.save(buf, 'JPEG', quality=rnd.randint(55, 95))
        out = Image.open(buf).convert('RGB')
    return out, mark


if __name__ == '__main__':
    # A preview: marks.py PHOTO_LIST [COUNT] [SEED] writes COUNT pairs as PNGs to /tmp.
    import sys
    photos = open(sys.argv[1]).read().split()
    rnd = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    for i in range(int(sys.argv[2]) if len(sys.argv) > 2 else 8):
        img, mark = sample(rnd, photos)
        img.save(f'/tmp/wm-sample-{i}.png')
        Image.fromarray((mark * 255).astype(np.uint8)).save(f'/tmp/wm-sample-{i}-mask.png')
