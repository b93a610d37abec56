"""Trains the marks network: cracks and tooth marks (none / light / severe) from the 4 x 256 x 256
tongue crops written by dump-tensors.ts (RGB + mask, the engine's own preprocessing), and exports
it to ONNX (models/tongue-features/marks-net.onnx).

  nohup nice -n 5 /usr/bin/python3 training/tongue-features/train_marks.py > training/tongue-features/cache/marks.log &

Why a network of its own: the texture network (train_cnn.py) shares one small trunk with the
colour heads and has one stride-2 convolution per scale; it learnt the colours but not the thin
dark lines of cracks (internal validation AUC 0.53). This one is deeper (depthwise-separable
blocks, two per scale), sees only the two shape/texture tasks and is augmented with rotations.

Labels: the expert grade where the expert marked one; on expert rows without a mark (NA) and on
photos outside labels-manual.tsv, the database's weak label (NaN = none). The weak labels agree
with the expert on every marked photo (332/339 cracks, 380/398 tooth marks) and call a quarter to
a third of the unmarked photos light or severe, so "NA" is not a reliable "none" to learn from.
Held-out photos (split/eval-ids.txt) are never used. The epoch kept is the one with the best mean
AUC (present vs NA, the issue's metric) on the internal validation photos (expert-labelled,
SHA-1 % 5 == 1)."""
import math
import os
import sys

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import CACHE, MODELS, eval_ids, manual_labels, weak_labels  # noqa: E402
from netkit import PooledHeads, conv_bn, export, load_planes, predict, setup_torch, split, train  # noqa: E402

THREADS, SEED = setup_torch()
S = 256
VERSION = os.environ.get('VERSION', 'marks-net-1.0.0')
EPOCHS = int(os.environ.get('EPOCHS', '30'))
WIDTH = float(os.environ.get('WIDTH', '1'))
OUT = os.environ.get('OUT', MODELS)
# Fine-tuning: INIT starts from a saved state dict; NA_NONE=1 reads an expert row without a mark as
# "none" (the reading) instead of taking the weak label there; MAX_LR for the one cycle.
INIT = os.environ.get('INIT')
NA_NONE = os.environ.get('NA_NONE') == '1'
MAX_LR = float(os.environ.get('MAX_LR', '4e-3'))
HEADS = {'cracks': ['none', 'light', 'severe'], 'teeth': ['none', 'light', 'severe']}
EXPERT = {'cracks': 'labels_fissure', 'teeth': 'labels_tooth_mk'}
WEAK = {'cracks': 'fissure_label', 'teeth': 'tooth_mk_label'}
GRADES = {'NaN': 'none', 'light': 'light', 'severe': 'severe'}


def ch(n):
    return max(8, int(round(n * WIDTH / 8)) * 8)


class Separable(nn.Module):
    """Depthwise 3 x 3 (stride s) then pointwise 1 x 1; residual when the shape is kept."""

    def __init__(self, cin, cout, stride):
        super().__init__()
        self.dw = conv_bn(cin, cin, 3, stride, groups=cin)
        self.pw = conv_bn(cin, cout, 1, 1)
        self.res = stride == 1 and cin == cout

    def forward(self, x):
        y = self.pw(self.dw(x))
        return x + y if self.res else y


class MarksNet(PooledHeads):
    def __init__(self):
        c = [ch(16), ch(24), ch(48), ch(96), ch(160)]
        body = nn.Sequential(
            conv_bn(4, c[0], 3, 2),  # 128
            Separable(c[0], c[0], 1),
            Separable(c[0], c[1], 2),  # 64
            Separable(c[1], c[1], 1),
            Separable(c[1], c[2], 2),  # 32
            Separable(c[2], c[2], 1),
            Separable(c[2], c[3], 2),  # 16
            Separable(c[3], c[3], 1),
            Separable(c[3], c[4], 2),  # 8
            Separable(c[4], c[4], 1),
        )
        super().__init__(body, c[4], HEADS)


def labels_for(sids, man, weak):
    y = {k: np.full(len(sids), -1, dtype=np.int64) for k in HEADS}
    for n, s in enumerate(sids):
        for k, classes in HEADS.items():
            lab = None
            if s in man and man[s][EXPERT[k]] in ('light', 'severe'):
                lab = man[s][EXPERT[k]]
            elif s in man and NA_NONE:
                lab = 'none'
            elif s in weak:
                lab = GRADES.get(weak[s][WEAK[k]])
            if lab is not None:
                y[k][n] = classes.index(lab)
    return y


def expert_present(sids, man):
    """The issue's metric: marked (light or severe) vs NA on expert rows."""
    return {k: np.array([man[s][EXPERT[k]] in ('light', 'severe') for s in sids]) for k in HEADS}


def augment(xb):
    """Mirror, rotation ±15°, scale 0.9-1.1, shift ±12 px (one affine warp per sample), and a mild
    brightness/contrast change of the RGB planes (marks are shape and texture, not colour)."""
    n = xb.shape[0]
    flip = torch.where(torch.rand(n) < 0.5, -1.0, 1.0)
    ang = (torch.rand(n) * 2 - 1) * math.radians(15)
    sc = 1 + (torch.rand(n) * 2 - 1) * 0.1
    tx, ty = [(torch.rand(n) * 2 - 1) * 24 / S for _ in range(2)]
    cos, sin = torch.cos(ang) / sc, torch.sin(ang) / sc
    theta = torch.stack([torch.stack([cos * flip, -sin, tx], 1), torch.stack([sin * flip, cos, ty], 1)], 1)
    grid = F.affine_grid(theta, list(xb.shape), align_corners=False)
    xb = F.grid_sample(xb, grid, mode='bilinear', padding_mode='zeros', align_corners=False)
    gain = 1 + (torch.rand(n, 1, 1, 1) * 2 - 1) * 0.15
    xb[:, :3] = (xb[:, :3] * gain).clamp(0, 1) * (xb[:, 3:] > 0.5)
    return xb


def main():
    from sklearn.metrics import roc_auc_score
    man = manual_labels()
    weak = weak_labels()
    tr, va = split('tensors', man, weak, eval_ids())
    print('train', len(tr), 'val', len(va), 'threads', THREADS, 'width', WIDTH, flush=True)
    Xtr, Xva = load_planes('tensors', tr, (4, S, S)), load_planes('tensors', va, (4, S, S))
    ytr, truth = labels_for(tr, man, weak), expert_present(va, man)
    net = MarksNet()
    if INIT:
        net.load_state_dict(torch.load(INIT))
    print('parameters', sum(p.numel() for p in net.parameters()), flush=True)

    def validate(n):
        P = predict(n, Xva)
        return {k: roc_auc_score(truth[k], 1 - P[k][:, 0]) for k in HEADS}

    best = train(net, Xtr, ytr, HEADS, augment, validate, EPOCHS, max_lr=MAX_LR, weight_decay=5e-3, pct_start=0.2,
                 checkpoint=os.path.join(CACHE, f'marks-net{os.environ.get("TAG", "")}.pt'))
    net.load_state_dict(best[2])
    export(net, (4, S, S), OUT, 'marks-net',
           {'version': VERSION, 'input': [4, S, S], 'heads': HEADS, 'epochs': EPOCHS, 'best_epoch': best[1],
            'width': WIDTH, 'seed': SEED, 'init': os.path.basename(INIT) if INIT else None, 'expert_na_as_none': NA_NONE,
            'max_lr': MAX_LR, 'val_expert_auc': round(best[0], 4), 'train_photos': len(tr),
            'val_photos': len(va)})


if __name__ == '__main__':
    main()
