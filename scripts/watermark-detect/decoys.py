"""Things a photo shows that are not marks, drawn into training photos with a target of none.

Find watermark proposed a photo's own printed text (a circuit board, boxes, graffiti) and saturated opaque
objects (a red toy, a pink sweet) as marks: the photos the segmenter learned from hold few of them, so it never
learned that they are not. Each decoy is drawn as the scene would show it, not as an editor lays a mark over a
photo: in perspective, lit unevenly, with the photo's grain and softness, and fully opaque. A mark is flat,
crisp and square to the frame, or translucent; that difference is what the segmenter is to learn.
"""
import numpy as np
from PIL import Image, ImageDraw

from marks import blurred, colour, font, phrase, shape_layer, vivid, word


def perspective_coeffs(quad, w, h):
    """PIL's PERSPECTIVE data mapping the output quad (4 corners, clockwise from top left) to a w x h rectangle."""
    src = [(0, 0), (w, 0), (w, h), (0, h)]
    rows, rhs = [], []
    for (x, y), (u, v) in zip(quad, src):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs += [u, v]
    return np.linalg.solve(np.array(rows, float), np.array(rhs, float))


def in_perspective(rnd, flat, size, cx, cy):
    """PIL's PERSPECTIVE data that shows an RGBA plane at an angle, `size` across, centred at (cx, cy): its corners
    moved by up to a quarter of the size each way, the whole turned by up to 25 degrees."""
    w, h = flat.size
    k = size / max(w, h)
    jitter = rnd.uniform(0.06, 0.25)
    corners = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    turn = np.radians(rnd.uniform(-25, 25))
    quad = []
    for x, y in corners:
        x, y = x * k + rnd.uniform(-1, 1) * jitter * size, y * k + rnd.uniform(-1, 1) * jitter * size
        quad.append((cx + x * np.cos(turn) - y * np.sin(turn), cy + x * np.sin(turn) + y * np.cos(turn)))
    return perspective_coeffs(quad, w, h)


def lit(rnd, rgb):
    """Uneven light across a surface, and grain of 1.5-7 levels as a camera's."""
    h, w = rgb.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rnd.uniform(0, 2 * np.pi)
    t = (xs * np.cos(a) + ys * np.sin(a)) / max(h, w)
    light = rnd.uniform(0.55, 0.9) + rnd.uniform(0.1, 0.45) * (t - t.min()) / (np.ptp(t) + 1e-6)
    grain = rnd.uniform(1.5, 7) * np.random.default_rng(rnd.randrange(1 << 30)).standard_normal((h, w, 1))
    return rgb * light[..., None] + grain


def in_scene(rnd, c, rgb, cover):
    """Draws a decoy into the canvas's photo, opaque, lit, grainy and as soft as the lens: never a target."""
    r = rnd.uniform(0.4, 1.4)
    rgb = np.clip(lit(rnd, rgb), 0, 255)
    rgb = np.stack([blurred(rgb[..., k] / 255, r) * 255 for k in range(3)], -1)
    a = blurred(cover, r)[..., None]
    c.img = c.img * (1 - a) + rgb * a


def sign(rnd, c, scale):
    """Printed text in the scene: a board or label with lettering on it, or letters painted on a surface."""
    lines = [phrase(rnd) if rnd.random() < 0.5 else word(rnd) for _ in range(rnd.choice([1, 1, 2, 3]))]
    f = font(rnd, 64)
    tw = max(int(f.getlength(t)) for t in lines) + 40
    th = 80 * len(lines) + 20
    board = rnd.random() < 0.65
    ground = vivid(rnd) if rnd.random() < 0.5 else colour(rnd)
    ink = colour(rnd) if rnd.random() < 0.6 else vivid(rnd)
    if np.abs(ground - ink).sum() < 150:
        ink = 255 - ground
    # Lettering alone keeps the ink's colour where it is clear, so no fringe of another colour shows at its edge.
    plane = Image.new('RGBA', (tw, th), tuple(int(v) for v in (ground if board else ink)) + (255 if board else 0,))
    d = ImageDraw.Draw(plane)
    for i, t in enumerate(lines):
        d.text((20, 10 + 80 * i), t, font=f, fill=tuple(int(v) for v in ink) + (255,))
    size = scale * rnd.uniform(0.08, 0.45)
    cx, cy = c.spot(rnd, 0.1, 0.9)
    coeffs = in_perspective(rnd, plane, size, cx, cy)
    warped = plane.transform((c.w, c.h), Image.PERSPECTIVE, tuple(coeffs), Image.BICUBIC)
    arr = np.asarray(warped, np.float32)
    in_scene(rnd, c, arr[..., :3], arr[..., 3] / 255)


def solid(rnd, c, scale):
    """An opaque, saturated object: a toy, a sweet, a fruit, a cup; shaded as a rounded body under one light."""
    size = scale * rnd.uniform(0.05, 0.3)
    cx, cy = c.spot(rnd, 0.1, 0.9)
    cover = shape_layer(rnd, c.w, c.h, cx, cy, size, rnd.choice(['circle', 'ellipse', 'rounded', 'hexagon', 'star']))
    height = blurred(cover, max(1.0, size * 0.12))
    gy, gx = np.gradient(height * size * 0.3)
    a = rnd.uniform(0, 2 * np.pi)
    lx, ly, lz = np.cos(a) * 0.6, np.sin(a) * 0.6, 0.8
    shade = np.clip((-gx * lx - gy * ly + lz) / np.sqrt(gx ** 2 + gy ** 2 + 1), 0, 1)
    body = vivid(rnd) if rnd.random() < 0.8 else colour(rnd)
    rgb = body * (0.35 + 0.75 * shade)[..., None]
    highlight = np.clip((shade - 0.93) / 0.07, 0, 1)[..., None] * rnd.uniform(0, 0.8)
    rgb = rgb * (1 - highlight) + 255 * highlight
    in_scene(rnd, c, rgb, cover)


KINDS = [(sign, 0.6), (solid, 0.4)]


def add_decoys(rnd, c, scale):
    """One or two decoys drawn into the canvas's photo (a Canvas of marks.py), before any mark."""
    for _ in range(rnd.choice([1, 1, 2])):
        kind = rnd.choices([k for k, _ in KINDS], [p for _, p in KINDS])[0]
        kind(rnd, c, scale)
