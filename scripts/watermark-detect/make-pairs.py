"""make-pairs.py COUNT SEED OUT.npz PHOTO_LIST [FACES.json] [--decoys SHARE] [--stock SHARE]: training pairs
(marked photo, mark) at the network's scale, drawn at twice it, then box-shrunk. FACES.json
(scripts/face-restore/find-faces.ts) puts a share of the pairs' crops around a face, and marks on it at times;
--decoys gives that share of the photos printed text and opaque objects of their own (decoys.py), which the
target leaves out; --stock gives the share of the marks drawn from the stock sites' kinds (default 0.5, as for
the eighth and ninth runs), the rest in the seventh run's proportions (0: the earlier kinds only)."""
import argparse, json, random
import numpy as np
from PIL import Image
from marks import sample

p = argparse.ArgumentParser()
p.add_argument('count', type=int)
p.add_argument('seed', type=int)
p.add_argument('out')
p.add_argument('photo_list')
p.add_argument('faces', nargs='?')
p.add_argument('--decoys', type=float, default=0.0)
p.add_argument('--stock', type=float, default=None, help='share of the marks of the stock kinds (marks.STOCK_SHARE)')
a = p.parse_args()
count, out = a.count, a.out
rnd = random.Random(a.seed)
photos = open(a.photo_list).read().split()
faces = json.load(open(a.faces)) if a.faces else None
imgs = np.zeros((count, 256, 256, 3), np.uint8)
marks = np.zeros((count, 256, 256), np.uint8)
for i in range(count):
    img, mark = sample(rnd, photos, faces=faces, decoys=a.decoys, stock_share=a.stock)
    imgs[i] = np.asarray(img.resize((256, 256), Image.BOX))
    marks[i] = np.asarray(Image.fromarray((mark * 255).astype(np.uint8)).resize((256, 256), Image.BOX))
np.savez(out, imgs=imgs, marks=marks)
