"""make-pairs.py COUNT SEED OUT.npz PHOTO_LIST [FACES.json]: training pairs (marked photo, mark) at the network's
scale, drawn at twice it, then box-shrunk. FACES.json (scripts/face-restore/find-faces.ts) puts a share of the
pairs' crops around a face, and marks on it at times."""
import json, sys, random
import numpy as np
from PIL import Image
from marks import sample

count, seed, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rnd = random.Random(seed)
photos = open(sys.argv[4]).read().split()
faces = json.load(open(sys.argv[5])) if len(sys.argv) > 5 else None
imgs = np.zeros((count, 256, 256, 3), np.uint8)
marks = np.zeros((count, 256, 256), np.uint8)
for i in range(count):
    img, mark = sample(rnd, photos, faces=faces)
    imgs[i] = np.asarray(img.resize((256, 256), Image.BOX))
    marks[i] = np.asarray(Image.fromarray((mark * 255).astype(np.uint8)).resize((256, 256), Image.BOX))
np.savez(out, imgs=imgs, marks=marks)
