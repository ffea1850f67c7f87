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


# torch 2 exports through dynamo unless told not to; torch 1 (Debian's python3-torch) has only the tracer.
TRACER = {'dynamo': False} if int(torch.__version__.split('.')[0]) >= 2 else {}


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


def validate(net, val_x, val_y):
    net.eval()
    with torch.no_grad():
        pv = torch.cat([net(val_x[i:i + 32]) for i in range(0, len(val_x), 32)])
    hit = ((pv > 0.5) & (val_y > 0.5)).sum().item()
    prec = hit / max(1, (pv > 0.5).sum().item())
    rec = hit / max(1, (val_y > 0.5).sum().item())
    return f'val precision {prec:.3f} recall {rec:.3f}'


def load_onnx(net, path, batches):
    """Starts from an exported network, whose batch norms the export folded into its convolutions: each conv
    takes the folded weights, and its batch norm is set to give back what it is fed on the training pairs
    (scale = the spread, shift = the mean of each channel), so the network starts where the export left off."""
    import onnx
    from onnx import numpy_helper
    m = onnx.load(path)
    init = {t.name: numpy_helper.to_array(t) for t in m.graph.initializer}
    convs = [n for n in m.graph.node if n.op_type == 'Conv']
    mods = [(c, b) for blk in [*net.down, *net.up] for c, b in zip(blk[0::3], blk[1::3])] + [(net.head, None)]
    assert len(convs) == len(mods)
    stats = {}
    for (conv, bn), node in zip(mods, convs):
        conv.weight.data = torch.from_numpy(init[node.input[1]].copy())
        conv.bias.data = torch.from_numpy(init[node.input[2]].copy())
        if bn is not None:
            bn.register_forward_hook(lambda mod, inp, out: stats.setdefault(mod, []).append(inp[0].detach()))
    # With the default running statistics each batch norm passes its input on unchanged, so one pass sees
    # every layer as the export computed it.
    net.eval()
    with torch.no_grad():
        for x in batches:
            net(x)
    for _, bn in mods[:-1]:
        y = torch.cat([t.transpose(0, 1).reshape(t.shape[1], -1) for t in stats[bn]], 1)
        mean, var = y.mean(1), y.var(1)
        bn.running_mean.copy_(mean)
        bn.running_var.copy_(var)
        bn.weight.data = (var + bn.eps).sqrt()
        bn.bias.data = mean.clone()
        bn._forward_hooks.clear()


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--pairs', nargs='+', required=True)
    p.add_argument('--minutes', type=float, default=60, help='wall-clock minutes, at most')
    p.add_argument('--cpu-minutes', type=float,
                   help='CPU minutes of training, at most: on a shared machine under nice, the time a run gets')
    p.add_argument('--batch', type=int, default=12)
    p.add_argument('--patch', type=int, default=192)
    p.add_argument('--lr', type=float, default=2e-3)
    p.add_argument('--out', default='mark-segmenter.onnx')
    p.add_argument('--init')
    p.add_argument('--threads', type=int, default=1, help='CPU threads (the machine is shared)')
    a = p.parse_args()
    torch.set_num_threads(a.threads)
    torch.manual_seed(0)
    data = [np.load(f) for f in a.pairs]
    imgs = np.concatenate([d['imgs'] for d in data])
    marks = np.concatenate([d['marks'] for d in data])
    n_val = len(imgs) // 20
    val_x = torch.from_numpy(imgs[:n_val]).permute(0, 3, 1, 2).float()
    val_y = torch.from_numpy(marks[:n_val]).float()[:, None] / 255
    imgs, marks = imgs[n_val:], marks[n_val:]
    net = MarkNet()
    if a.init and a.init.endswith('.onnx'):
        load_onnx(net, a.init, [val_x[i:i + 16] for i in range(0, min(n_val, 64), 16)])
    elif a.init:
        net.load_state_dict(torch.load(a.init))
    print('weights', sum(p.numel() for p in net.parameters()), 'pairs', len(imgs), flush=True)
    if a.init:
        print('start', validate(net, val_x, val_y), flush=True)
    opt = torch.optim.AdamW(net.parameters(), lr=a.lr, weight_decay=1e-4)
    rng = np.random.default_rng(0)
    start, cpu_start = time.time(), time.process_time()
    step = 0

    def progress():
        # The learning rate's schedule runs on whichever budget is nearer its end, so that it has come down when
        # the run stops, whether the machine gave the run its CPU minutes or the wall clock ran out first.
        wall = (time.time() - start) / (a.minutes * 60) if a.minutes > 0 else 1
        cpu = (time.process_time() - cpu_start) / (a.cpu_minutes * 60) if a.cpu_minutes else 0
        return max(wall, cpu)

    while progress() < 1:
        frac = progress()
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
            print(f'step {step} {time.time() - start:.0f}s cpu {time.process_time() - cpu_start:.0f}s loss {loss.item():.4f} {validate(net, val_x, val_y)}', flush=True)
            torch.save(net.state_dict(), a.out + '.pt')
    print(f'end step {step} {time.time() - start:.0f}s cpu {time.process_time() - cpu_start:.0f}s {validate(net, val_x, val_y)}', flush=True)
    net.eval()
    torch.save(net.state_dict(), a.out + '.pt')
    torch.onnx.export(net, torch.zeros(1, 3, 256, 256), a.out, input_names=['image'], output_names=['mark'],
                      dynamic_axes={'image': {2: 'h', 3: 'w'}, 'mark': {2: 'h', 3: 'w'}}, opset_version=17,
                      **TRACER)


if __name__ == '__main__':
    main()
