"""Lists the training photos: every image under the folders given, of at least 300 px on its short side, whose
128 px thumbnail has at least 400 colours at 5 bits a channel (most drawings have fewer). One path a line."""
import glob
import sys

import numpy as np
from PIL import Image

for folder in sys.argv[1:]:
    for f in sorted(glob.glob(folder + '/**/*', recursive=True)):
        if not f.lower().endswith(('.jpg', '.jpeg', '.png', '.webp')):
            continue
        try:
            im = Image.open(f).convert('RGB')
        except Exception:
            continue
        if min(im.size) < 300:
            continue
        t = np.asarray(im.resize((128, 128))) >> 3
        if len(np.unique(t[..., 0].astype(np.int32) * 1024 + t[..., 1] * 32 + t[..., 2])) >= 400:
            print(f)
