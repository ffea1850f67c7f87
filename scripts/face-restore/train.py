"""
Trains face enhancement's learned 2x of JPEG luma (server/src/models/face-retouch/jpeg-2x-luma.onnx, and with
--channels 48 --layers 6 and --faces, jpeg-2x-luma-faces.onnx beside it).

A small convolutional network sees the luma of a photo that was shrunk, perhaps blurred and saved as a JPEG,
and gives back the luma at twice the size: a centred Lanczos-3 2x (fixed weights, the same taps as
server/src/models/face-retouch/enlarge.ts) plus a learned correction. A second input plane holds the JPEG
quality the photo was measured at (quality / 100, 1 for a photo without a JPEG grid), so one network serves
heavily and lightly compressed photos.

Run on the CPU (30-40 minutes of training on 2 cores, after a few minutes of preparing the pairs), from the
repository's root:
  python3 scripts/face-restore/train.py --photos DIR [DIR ...] --exclude ../shared/photos --out /tmp/model
Needs torch (CPU) and onnx (Debian's python3-onnx) and Pillow. See scripts/face-restore/README.md for the
photos it was trained on and their licences. Photos that look like any photo in --exclude (the benchmark's)
are left out, so the benchmark never scores a photo the network was trained on.
"""
import argparse
import glob
import io
import json
import math
import os
import random
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from PIL import Image

EXTENSIONS = ('.jpg', '.jpeg', '.png', '.webp')
# Input pixels at each side of a training patch left out of the loss.
MARGIN = 8


def lanczos_taps():
    def lanczos(x):
        if x == 0:
            return 1.0
        if abs(x) >= 3:
            return 0.0
        px = math.pi * x
        return 3 * math.sin(px) * math.sin(px / 3) / (px * px)

    def phase(u, start):
        w = [lanczos(u - (start + k)) for k in range(6)]
        s = sum(w)
        return [v / s for v in w]

    # Output pixel 2i reads source position i - 0.25 (taps at i-3..i+2), 2i+1 reads i + 0.25 (taps i-2..i+3):
    # both as 7-tap kernels centred on i.
    even = phase(-0.25, -3) + [0.0]
    odd = [0.0] + phase(0.25, -2)
    return np.array(even), np.array(odd)


class Lanczos2x(nn.Module):
    """Centred Lanczos-3 2x of a 1-channel plane, edges repeated; fixed weights."""

    def __init__(self):
        super().__init__()
        even, odd = lanczos_taps()
        kernels = [np.outer(a, b) for a in (even, odd) for b in (even, odd)]  # (row phase, column phase)
        weight = torch.tensor(np.stack(kernels)[:, None], dtype=torch.float32)
        self.register_buffer('weight', weight)

    def forward(self, x):
        x = F.pad(x, (3, 3, 3, 3), mode='replicate')
        return F.pixel_shuffle(F.conv2d(x, self.weight), 2)


def conv(cin, cout, stride=1):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride=stride, padding=1), nn.ReLU(inplace=True))


class Jpeg2x(nn.Module):
    """Two layers at the input's size, a branch at half its size (which sees about 40 pixels each way: enough
    to tell a smooth cheek's JPEG blocks from its shading), two layers after it, then four output phases."""

    def __init__(self, channels=32, layers=4):
        super().__init__()
        c = channels
        self.head = nn.Sequential(conv(2, c), conv(c, c))
        self.coarse = nn.Sequential(
            conv(c, 2 * c, stride=2),
            *[conv(2 * c, 2 * c) for _ in range(layers)],
            nn.Conv2d(2 * c, 4 * c, 3, padding=1),
            nn.PixelShuffle(2),
        )
        self.tail = nn.Sequential(conv(c, c), conv(c, c), nn.Conv2d(c, 4, 3, padding=1), nn.PixelShuffle(2))
        self.lanczos = Lanczos2x()

    def forward(self, luma, quality):
        """luma: N x 1 x H x W in 0..1, H and W even; quality: N x 1 x H x W (quality / 100).
        Returns N x 1 x 2H x 2W."""
        features = self.head(torch.cat([luma - 0.5, quality], 1))
        return self.lanczos(luma) + self.tail(features + self.coarse(features))


def luma(rgb):
    rgb = np.asarray(rgb, dtype=np.float32)
    return 0.299 * rgb[..., 0] + 0.587 * rgb[..., 1] + 0.114 * rgb[..., 2]


def gaussian_blur(rgb, sigma):
    """Separable Gaussian on a float H x W x 3 array, edges repeated (libvips keeps the whole kernel at
    minAmplitude 0.01, which is what the benchmark asks for)."""
    radius = max(1, int(math.ceil(3 * sigma)))
    k = np.exp(-0.5 * (np.arange(-radius, radius + 1) / sigma) ** 2)
    k /= k.sum()
    out = np.pad(rgb, ((radius, radius), (0, 0), (0, 0)), mode='edge')
    out = sum(k[i] * out[i : i + rgb.shape[0]] for i in range(len(k)))
    out = np.pad(out, ((0, 0), (radius, radius), (0, 0)), mode='edge')
    return sum(k[i] * out[:, i : i + rgb.shape[1]] for i in range(len(k)))


def degrade(truth, blur, quality):
    """truth: H x W x 3 uint8 (even sides). Box-shrunk by 2, blurred, saved as JPEG; decoded luma and quality
    plane value."""
    h, w = truth.shape[0] // 2, truth.shape[1] // 2
    small = truth[: 2 * h, : 2 * w].astype(np.float32).reshape(h, 2, w, 2, 3).mean(axis=(1, 3))
    if blur > 0:
        small = gaussian_blur(small, blur)
    small = np.clip(np.round(small), 0, 255).astype(np.uint8)
    if quality >= 100:
        return luma(small), 1.0
    buffer = io.BytesIO()
    Image.fromarray(small).save(buffer, format='JPEG', quality=int(quality))
    return luma(Image.open(io.BytesIO(buffer.getvalue())).convert('RGB')), quality / 100


def thumbnail(image):
    return luma(image.convert('RGB').resize((16, 16), Image.BILINEAR)).ravel()


def looks_like(a, b):
    a = a - a.mean()
    b = b - b.mean()
    return float(a @ b) / (np.linalg.norm(a) * np.linalg.norm(b) + 1e-6) > 0.97


def list_photos(dirs):
    files = []
    for d in dirs:
        for path in glob.glob(os.path.join(d, '**', '*'), recursive=True):
            if path.lower().endswith(EXTENSIONS):
                files.append(path)
    return sorted(files)


def load_truths(dirs, exclude, min_side, rng):
    excluded = [thumbnail(Image.open(p)) for p in list_photos([exclude])] if exclude else []
    truths = []
    for path in list_photos(dirs):
        try:
            image = Image.open(path)
            image.load()
        except Exception:
            continue
        if image.mode not in ('RGB', 'L', 'RGBA', 'P') or min(image.size) < min_side:
            continue
        # Drawings and screenshots have few colours; photos have many.
        if len(image.convert('RGB').resize((64, 64)).getcolors(4096) or range(4097)) < 1500:
            continue
        if any(looks_like(thumbnail(image), t) for t in excluded):
            print('left out (like a benchmark photo):', path)
            continue
        image = image.convert('RGB')
        # Wallpapers at 4K hold less detail per pixel than the photos people enhance: shrink them first.
        side = min(image.size)
        if side > 1200:
            scale = rng.uniform(700, 1200) / side
            image = image.resize((round(image.size[0] * scale), round(image.size[1] * scale)), Image.LANCZOS)
        truths.append((path, np.asarray(image)))
    return truths


def random_degradation(rng):
    blur = 0.0 if rng.random() < 0.35 else rng.uniform(0.3, 0.8)
    quality = 100 if rng.random() < 0.12 else rng.randint(25, 92)
    return blur, quality


def make_pairs(truths, variants, rng, faces=None):
    """For each photo, `variants` degraded copies: (lr luma, quality value, hr luma, face boxes in lr pixels),
    lr cropped to the JPEG grid."""
    pairs = []
    for path, truth in truths:
        hr = luma(truth)
        h, w = truth.shape[0] / 2, truth.shape[1] / 2
        boxes = [(x * w, y * h, bw * w, bh * h) for x, y, bw, bh in (faces or {}).get(os.path.abspath(path), [])]
        for _ in range(variants):
            blur, quality = random_degradation(rng)
            lr, q = degrade(truth, blur, quality)
            # Views of one luma plane per photo: the copies share it.
            pairs.append((lr.astype(np.float32), q, hr[: 2 * lr.shape[0], : 2 * lr.shape[1]], boxes))
    return pairs


def face_scale_pairs(truths, count, rng, faces):
    """For each photo with faces, `count` more degraded copies of the photo shrunk first (Lanczos, to 0.45-0.9
    of its size): the same faces at other sizes, since few of the training photos hold faces."""
    pairs = []
    for path, truth in truths:
        if not faces.get(os.path.abspath(path)):
            continue
        image = Image.fromarray(truth)
        for _ in range(count):
            scale = rng.uniform(0.45, 0.9)
            size = tuple(max(256, round(side * scale) // 2 * 2) for side in image.size)
            pairs += make_pairs([(path, np.asarray(image.resize(size, Image.LANCZOS)))], 1, rng, faces)
    return pairs


def patch_origin(extent, size, rng, centre=None):
    """A patch start on the 8-pixel JPEG grid, at random, or with `centre` somewhere in its middle half."""
    last = max(0, (extent - size) // 8)
    if centre is None:
        return 8 * rng.randrange(last + 1)
    return 8 * min(last, max(0, round((centre - rng.uniform(0.25, 0.75) * size) / 8)))


def sample_batch(pairs, batch, size, rng, face_share=0.0):
    lrs, qs, hrs = [], [], []
    with_faces = [p for p in pairs if p[3]] if face_share > 0 else []
    for _ in range(batch):
        on_face = with_faces and rng.random() < face_share
        lr, q, hr, boxes = (with_faces if on_face else pairs)[rng.randrange(len(with_faces if on_face else pairs))]
        box = rng.choice(boxes) if on_face else None
        y = patch_origin(lr.shape[0], size, rng, box and box[1] + box[3] / 2)
        x = patch_origin(lr.shape[1], size, rng, box and box[0] + box[2] / 2)
        lp = lr[y : y + size, x : x + size]
        hp = hr[2 * y : 2 * y + 2 * size, 2 * x : 2 * x + 2 * size]
        if rng.random() < 0.5:  # mirror across columns keeps the grid phase only when size is a multiple of 8
            lp, hp = lp[:, ::-1], hp[:, ::-1]
        lrs.append(lp.copy())
        hrs.append(hp.copy())
        qs.append(q)
    lr = torch.tensor(np.stack(lrs)[:, None]) / 255
    hr = torch.tensor(np.stack(hrs)[:, None]) / 255
    q = torch.tensor(qs, dtype=torch.float32)[:, None, None, None].expand_as(lr).contiguous()
    return lr, q, hr


def psnr(a, b, border=4):
    d = (a - b)[border:-border, border:-border]
    return 10 * math.log10(255**2 / float(np.mean(d**2)))


def load_onnx_weights(model, path):
    """Loads weights from an ONNX file this script exported (its initialisers carry the state dict's names)."""
    import onnx
    from onnx import numpy_helper

    weights = {i.name: torch.tensor(numpy_helper.to_array(i)) for i in onnx.load(path).graph.initializer}
    model.load_state_dict(weights)


def evaluate(model, checks):
    """Mean PSNR of luma (x255) over the check photos: the network's and the plain Lanczos 2x's."""
    model.eval()
    ours, plain = [], []
    with torch.no_grad():
        for lr, q, hr in checks:
            t = torch.tensor(lr)[None, None] / 255
            out = model(t, torch.full_like(t, q))[0, 0].numpy() * 255
            base = model.lanczos(t)[0, 0].numpy() * 255
            ours.append(psnr(np.clip(out, 0, 255), hr))
            plain.append(psnr(np.clip(base, 0, 255), hr))
    model.train()
    return float(np.mean(ours)), float(np.mean(plain))


# torch 2 exports through dynamo unless told not to; torch 1 (Debian's python3-torch) has only the tracer.
TRACER = {'dynamo': False} if int(torch.__version__.split('.')[0]) >= 2 else {}


def export(model, path):
    model.eval()
    lr = torch.rand(1, 1, 64, 64)
    torch.onnx.export(
        model,
        (lr, torch.full_like(lr, 0.4)),
        path,
        **TRACER,
        input_names=['luma', 'quality'],
        output_names=['luma2x'],
        dynamic_axes={'luma': {2: 'h', 3: 'w'}, 'quality': {2: 'h', 3: 'w'}, 'luma2x': {2: 'h2', 3: 'w2'}},
        opset_version=13,
    )


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--photos', nargs='+', required=True)
    parser.add_argument('--exclude', default=None)
    parser.add_argument('--checks', nargs='*', default=[], help='photos to print progress on (never trained on)')
    parser.add_argument('--out', default='/tmp/model')
    parser.add_argument('--minutes', type=float, default=40)
    parser.add_argument('--channels', type=int, default=32)
    parser.add_argument('--layers', type=int, default=4)
    parser.add_argument('--variants', type=int, default=4)
    parser.add_argument('--seed', type=int, default=7)
    parser.add_argument('--patch', type=int, default=96, help='input patch side, a multiple of 8')
    parser.add_argument('--batch', type=int, default=8)
    parser.add_argument('--init', default=None, help='start from the weights of an exported ONNX file')
    parser.add_argument('--faces', default=None, help="find-faces.ts's list of the faces in the photos")
    parser.add_argument('--face-share', type=float, default=0.3, help='share of patches placed on a face')
    parser.add_argument('--face-scales', type=int, default=0, help='copies of each photo with faces, shrunk first')
    parser.add_argument('--lr', type=float, default=None, help='peak learning rate (1e-3, or 3e-4 with --init)')
    args = parser.parse_args()

    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    torch.manual_seed(args.seed)
    torch.set_num_threads(os.cpu_count() or 2)
    truths = load_truths(args.photos, args.exclude, 300, rng)
    print(f'{len(truths)} training photos')
    faces = None
    if args.faces:
        with open(args.faces) as f:
            faces = json.load(f)
    pairs = make_pairs(truths, args.variants, rng, faces)
    print(f'{sum(1 for p in pairs if p[3]) // args.variants} photos with faces', flush=True)
    if faces and args.face_scales:
        pairs += face_scale_pairs(truths, args.face_scales, rng, faces)
    checks = []
    for path in args.checks:
        truth = np.asarray(Image.open(path).convert('RGB'))
        truth = truth[: truth.shape[0] // 2 * 2, : truth.shape[1] // 2 * 2]
        lr, q = degrade(truth, 0.5, 40)
        h, w = lr.shape[0] // 8 * 8, lr.shape[1] // 8 * 8
        checks.append((lr[:h, :w], q, luma(truth)[: 2 * h, : 2 * w]))

    model = Jpeg2x(args.channels, args.layers)
    if args.init:
        load_onnx_weights(model, args.init)
    if checks:
        ours, plain = evaluate(model, checks)
        print(f'start checks {ours:.2f} dB (Lanczos {plain:.2f}, +{ours - plain:.2f})', flush=True)
    peak = args.lr or (1e-3 if not args.init else 3e-4)
    optimiser = torch.optim.Adam(model.parameters(), lr=peak)
    seconds = 60 * args.minutes
    start = time.time()
    deadline = start + seconds
    # The loss leaves out a margin where the patch's zero padding shows; the engine's tiles carry 24 pixels of
    # context there instead.
    margin = 2 * MARGIN
    step = 0
    while time.time() < deadline:
        # Cosine decay of the learning rate over the time given.
        for group in optimiser.param_groups:
            group['lr'] = peak * (0.02 + 0.98 * 0.5 * (1 + math.cos(math.pi * (time.time() - start) / seconds)))
        lr, q, hr = sample_batch(pairs, args.batch, args.patch, rng, args.face_share if faces else 0.0)
        out = model(lr, q)
        loss = F.l1_loss(out[..., margin:-margin, margin:-margin], hr[..., margin:-margin, margin:-margin])
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        step += 1
        if step % 500 == 0:
            line = f'step {step} {time.time() - start:.0f}s loss {loss.item() * 255:.3f}'
            if checks:
                ours, plain = evaluate(model, checks)
                line += f' checks {ours:.2f} dB (Lanczos {plain:.2f}, +{ours - plain:.2f})'
            print(line, flush=True)
            torch.save(model.state_dict(), os.path.join(args.out, 'jpeg-2x-luma.pt'))
    if checks:
        ours, plain = evaluate(model, checks)
        print(f'final checks {ours:.2f} dB (Lanczos {plain:.2f}, +{ours - plain:.2f})')
    export(model, os.path.join(args.out, 'jpeg-2x-luma.onnx'))
    print('wrote', os.path.join(args.out, 'jpeg-2x-luma.onnx'))


if __name__ == '__main__':
    main()
