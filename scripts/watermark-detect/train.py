"""Trains the mark segmenter on pairs from make-pairs.py and exports it as ONNX.

A small U-Net (four halvings, 16-128 channels): RGB at 512 px on the long side in, the probability that a
pixel lies under a mark out. Loss: binary cross-entropy against the share of each pixel under the mark, plus a
soft Dice term over the batch, so that small marks count.
"""
import argparse
import math
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


def block(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
        nn.Conv2d(cout, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
    )


class MarkNet(nn.Module):
    def __init__(self, widths=(16, 32, 64, 96, 128)):
        super().__init__()
        self.down = nn.ModuleList()
        cin = 3
        for w in widths:
            self.down.append(block(cin, w))
            cin = w
        self.up = nn.ModuleList()
        for w_skip, w in zip(reversed(widths[:-1]), reversed(widths[1:])):
            self.up.append(block(w + w_skip, w_skip))
        self.head = nn.Conv2d(widths[0], 1, 1)

    def forward(self, x):
        x = x / 255.0 - 0.5
        skips = []
        for i, b in enumerate(self.down):
            if i:
                x = F.max_pool2d(x, 2)
            x = b(x)
            skips.append(x)
        for b, s in zip(self.up, reversed(skips[:-1])):
            x = F.interpolate(x, size=s.shape[2:], mode='bilinear', align_corners=False)
            x = b(torch.cat([x, s], 1))
        return torch.sigmoid(self.head(x))


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--pairs', nargs='+', required=True)
    p.add_argument('--minutes', type=float, default=60)
    p.add_argument('--batch', type=int, default=12)
    p.add_argument('--patch', type=int, default=192)
    p.add_argument('--lr', type=float, default=2e-3)
    p.add_argument('--out', default='mark-segmenter.onnx')
    p.add_argument('--init')
    a = p.parse_args()
    torch.manual_seed(0)
    data = [np.load(f) for f in a.pairs]
    imgs = np.concatenate([d['imgs'] for d in data])
    marks = np.concatenate([d['marks'] for d in data])
    n_val = len(imgs) // 20
    val_x = torch.from_numpy(imgs[:n_val]).permute(0, 3, 1, 2).float()
    val_y = torch.from_numpy(marks[:n_val]).float()[:, None] / 255
    imgs, marks = imgs[n_val:], marks[n_val:]
    net = MarkNet()
    if a.init:
        net.load_state_dict(torch.load(a.init))
    print('weights', sum(p.numel() for p in net.parameters()), 'pairs', len(imgs), flush=True)
    opt = torch.optim.AdamW(net.parameters(), lr=a.lr, weight_decay=1e-4)
    rng = np.random.default_rng(0)
    start = time.time()
    step = 0
    budget = a.minutes * 60
    while time.time() - start < budget:
        frac = (time.time() - start) / budget
        for g in opt.param_groups:
            g['lr'] = a.lr * 0.5 * (1 + math.cos(math.pi * frac))
        idx = rng.integers(0, len(imgs), a.batch)
        ox, oy = rng.integers(0, 256 - a.patch + 1, 2)
        x = torch.from_numpy(imgs[idx, oy:oy + a.patch, ox:ox + a.patch]).permute(0, 3, 1, 2).float()
        y = torch.from_numpy(marks[idx, oy:oy + a.patch, ox:ox + a.patch]).float()[:, None] / 255
        if rng.random() < 0.5:
            x, y = x.flip(3), y.flip(3)
        net.train()
        pred = net(x).clamp(1e-6, 1 - 1e-6)
        bce = F.binary_cross_entropy(pred, y)
        dice = 1 - (2 * (pred * y).sum() + 1) / (pred.sum() + y.sum() + 1)
        loss = bce + 0.5 * dice
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        if step % 200 == 0:
            net.eval()
            with torch.no_grad():
                pv = torch.cat([net(val_x[i:i + 32]) for i in range(0, n_val, 32)])
            hit = ((pv > 0.5) & (val_y > 0.5)).sum().item()
            prec = hit / max(1, (pv > 0.5).sum().item())
            rec = hit / max(1, (val_y > 0.5).sum().item())
            print(f'step {step} {time.time() - start:.0f}s loss {loss.item():.4f} val precision {prec:.3f} recall {rec:.3f}', flush=True)
            torch.save(net.state_dict(), a.out + '.pt')
    net.eval()
    torch.save(net.state_dict(), a.out + '.pt')
    torch.onnx.export(net, torch.zeros(1, 3, 256, 256), a.out, input_names=['image'], output_names=['mark'],
                      dynamic_axes={'image': {2: 'h', 3: 'w'}, 'mark': {2: 'h', 3: 'w'}}, opset_version=17,
                      dynamo=False)


if __name__ == '__main__':
    main()
