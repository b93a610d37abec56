"""What the three tongue-feature networks share (train_cnn.py: texture, train_marks.py: marks,
train_sides.py: sides): the pooled multi-head classifier, the 8-bit input files written by
dump-tensors.ts, the internal validation split, the training loop with class-balanced loss and
one-cycle learning rate, and the ONNX export the engine runs (crop-nets.ts)."""
import hashlib
import json
import os
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

import uint8_input
from common import CACHE


def setup_torch():
    """Threads and seeds from the environment (THREADS, default 1; SEED, default 0)."""
    threads = int(os.environ.get('THREADS', '1'))
    seed = int(os.environ.get('SEED', '0'))
    torch.set_num_threads(threads)
    torch.manual_seed(seed)
    np.random.seed(seed)
    return threads, seed


def conv_bn(cin, cout, k, stride, groups=1):
    return nn.Sequential(nn.Conv2d(cin, cout, k, stride, k // 2, groups=groups, bias=False), nn.BatchNorm2d(cout),
                         nn.ReLU(inplace=True))


class PooledHeads(nn.Module):
    """A convolutional body, mean + max pooling over the map, dropout, one linear head per task."""

    def __init__(self, body, channels, heads):
        super().__init__()
        self.body = body
        self.drop = nn.Dropout(0.3)
        self.heads = nn.ModuleDict({k: nn.Linear(2 * channels, len(v)) for k, v in heads.items()})

    def forward(self, x):
        f = self.body(x)
        f = torch.cat([f.mean(dim=(2, 3)), f.amax(dim=(2, 3))], 1)
        f = self.drop(f)
        return {k: h(f) for k, h in self.heads.items()}


class Exported(nn.Module):
    """Softmax probabilities of every head, concatenated in the heads' order: the engine's
    CropNet reads them back by the head names and labels of the network's JSON file."""

    def __init__(self, net):
        super().__init__()
        self.net = net

    def forward(self, x):
        out = self.net(x)
        return torch.cat([F.softmax(out[k], 1) for k in self.net.heads], 1)


def load_planes(folder, sids, shape):
    """The 8-bit planes of dump-tensors.ts, one file per photo in cache/<folder>."""
    X = np.zeros((len(sids), *shape), dtype=np.uint8)
    for n, s in enumerate(sids):
        X[n] = np.fromfile(os.path.join(CACHE, folder, f'{s}.u8'), dtype=np.uint8).reshape(shape)
    return X


def split(folder, man, weak, held):
    """Every photo with an input file and a weak label, held-out photos left out, parted into
    training and internal validation (expert-labelled photos with SHA-1 % 5 == 1)."""
    have = set(f[:-3] for f in os.listdir(os.path.join(CACHE, folder)))
    sids = sorted(s for s in weak if s in have and s not in held)
    is_val = [s in man and int(hashlib.sha1(s.encode()).hexdigest(), 16) % 5 == 1 for s in sids]
    return [s for s, v in zip(sids, is_val) if not v], [s for s, v in zip(sids, is_val) if v]


def predict(net, X, bs=64):
    """Softmax probabilities per head for 8-bit inputs."""
    net.eval()
    P = {}
    with torch.no_grad():
        for i in range(0, len(X), bs):
            out = net(torch.from_numpy(X[i:i + bs].astype(np.float32) / 255))
            for k, v in out.items():
                P.setdefault(k, []).append(F.softmax(v, 1).numpy())
    return {k: np.concatenate(v) for k, v in P.items()}


def train(net, Xtr, ytr, heads, augment, validate, epochs, lr=2e-3, max_lr=3e-3, weight_decay=1e-3,
          pct_start=0.3, bs=32, checkpoint=None):
    """AdamW with a one-cycle learning rate; per head cross-entropy weighted by the square root of
    the inverse class frequency, unlabelled samples (-1) ignored. `validate(net)` returns
    {name: score}; the epoch with the best mean score is kept (and saved to `checkpoint`).
    Returns (best mean, best epoch, state dict)."""
    weights = {}
    for k, classes in heads.items():
        cnt = np.bincount(ytr[k][ytr[k] >= 0], minlength=len(classes)).astype(np.float64)
        weights[k] = torch.tensor((cnt.sum() / (len(classes) * np.maximum(cnt, 1))) ** 0.5, dtype=torch.float32)
    opt = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=weight_decay)
    steps = epochs * ((len(Xtr) + bs - 1) // bs)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=max_lr, total_steps=steps, pct_start=pct_start)
    best = (-1, None, None)
    for ep in range(epochs):
        net.train()
        perm = np.random.permutation(len(Xtr))
        t0 = time.time()
        tot = 0.0
        for i in range(0, len(perm), bs):
            idx = perm[i:i + bs]
            out = net(augment(torch.from_numpy(Xtr[idx].astype(np.float32) / 255)))
            loss = 0
            for k in heads:
                yk = torch.from_numpy(ytr[k][idx])
                if (yk >= 0).any():
                    loss = loss + F.cross_entropy(out[k], yk, weight=weights[k], ignore_index=-1)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += float(loss) * len(idx)
        sc = validate(net)
        mean = float(np.mean(list(sc.values())))
        print(f'epoch {ep} loss {tot / len(Xtr):.3f} val {json.dumps({k: round(v, 3) for k, v in sc.items()})} '
              f'mean {mean:.3f} {time.time() - t0:.0f}s', flush=True)
        if mean > best[0]:
            best = (mean, ep, {k: v.clone() for k, v in net.state_dict().items()})
            if checkpoint:
                torch.save(best[2], checkpoint)
    return best


def export(net, shape, folder, name, meta):
    """Writes <folder>/<name>.onnx (input `input` [n, *shape], 8-bit (uint8_input.py), output `probs`) and
    <folder>/<name>.json (meta: version, input, heads, training record)."""
    net.eval()
    os.makedirs(folder, exist_ok=True)
    torch.onnx.export(Exported(net), torch.zeros(1, *shape), os.path.join(folder, f'{name}.onnx'),
                      input_names=['input'], output_names=['probs'], opset_version=13,
                      dynamic_axes={'input': {0: 'n'}, 'probs': {0: 'n'}})
    uint8_input.convert(os.path.join(folder, f'{name}.onnx'))
    with open(os.path.join(folder, f'{name}.json'), 'w') as f:
        json.dump(meta, f, indent=1)
    print('saved', meta, flush=True)
