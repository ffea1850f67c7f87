# Closed-form matting (Levin, Lischinski, Weiss 2008) on a trimap: the reference matte for the hair score.
import sys, json, numpy as np, scipy.sparse as sp, scipy.sparse.linalg as spl
from scipy.ndimage import binary_dilation, binary_erosion

def laplacian(img, known, eps=1e-7, r=1):
    h, w, _ = img.shape
    wsize = (2*r+1)**2
    idx = np.arange(h*w).reshape(h, w)
    # windows whose centre is not deep in a known region
    unknown_any = binary_dilation(~known, iterations=r)
    ys, xs = np.nonzero(unknown_any[r:h-r, r:w-r]); ys += r; xs += r
    offs = [(dy, dx) for dy in range(-r, r+1) for dx in range(-r, r+1)]
    win_idx = np.stack([idx[ys+dy, xs+dx] for dy, dx in offs], 1)  # (n, 9)
    win = img.reshape(-1, 3)[win_idx]  # (n,9,3)
    mu = win.mean(1, keepdims=True)
    d = win - mu
    cov = np.einsum('nki,nkj->nij', d, d) / wsize + (eps/wsize) * np.eye(3)
    inv = np.linalg.inv(cov)
    vals = (1 + np.einsum('nki,nij,nlj->nkl', d, inv, d)) / wsize
    vals = np.eye(wsize)[None] - vals
    rows = np.repeat(win_idx, wsize, 1).ravel()
    cols = np.tile(win_idx, (1, wsize)).ravel()
    return sp.coo_matrix((vals.ravel(), (rows, cols)), shape=(h*w, h*w)).tocsr()

def solve(img, trimap):
    fg = trimap == 255; bg = trimap == 0; known = fg | bg
    L = laplacian(img, known)
    u = np.nonzero(~known.ravel())[0]; k = np.nonzero(known.ravel())[0]
    ak = fg.ravel()[k].astype(np.float64)
    Luu = L[u][:, u]; Luk = L[u][:, k]
    au = spl.spsolve(Luu.tocsc(), -Luk @ ak)
    a = fg.ravel().astype(np.float64); a[u] = au
    return np.clip(a, 0, 1).reshape(trimap.shape)

if __name__ == '__main__':
    rgbf, trif, outf, w, h = sys.argv[1:6]; w = int(w); h = int(h)
    img = np.fromfile(rgbf, np.uint8).reshape(h, w, 3).astype(np.float64) / 255
    tri = np.fromfile(trif, np.uint8).reshape(h, w)
    a = solve(img, tri)
    (a*255+0.5).astype(np.uint8).tofile(outf)
