"""Trains the sides network: tooth marks (none / light / severe) from the two lateral edges of the
tongue straightened into one 5 x 128 x 64 image (sideStrips in
packages/analysis/src/tongue/features/side-strips.ts, written by
`npx tsx training/tongue-features/dump-tensors.ts --strips`), and exports it to ONNX
(models/tongue-features/sides-net.onnx).

  nohup nice -n 5 /usr/bin/python3 training/tongue-features/train_sides.py > training/tongue-features/cache/sides.log &

Why: tooth marks are scallops of the lateral edges and the pale imprints just inside them. On the
whole 256 px crop the marks network reads them poorly (internal validation AUC about 0.69, the
logistic model on the outline measures 0.75); straightened, every scallop looks alike wherever it
is, and the input is small enough for a network of a few convolutions.

Labels, split and epoch choice as in train_marks.py (expert grade where marked, else the
database's weak label; held-out photos never used; the epoch with the best AUC, marked vs NA, on
the internal validation photos)."""
import os
import sys

import numpy as np
import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import CACHE, MODELS, eval_ids, manual_labels, weak_labels  # noqa: E402
from netkit import PooledHeads, conv_bn, export, load_planes, predict, setup_torch, split, train  # noqa: E402
from train_marks import expert_present, labels_for  # noqa: E402

THREADS, SEED = setup_torch()
PLANES, ROWS, WIDTH = 5, 128, 64
VERSION = 'sides-net-1.0.0'
EPOCHS = int(os.environ.get('EPOCHS', '40'))
OUT = os.environ.get('OUT', MODELS)
HEADS = {'teeth': ['none', 'light', 'severe']}


class SidesNet(PooledHeads):
    def __init__(self):
        body = nn.Sequential(
            conv_bn(PLANES, 12, 3, 1), nn.MaxPool2d(2),  # 64 x 32
            conv_bn(12, 24, 3, 1), conv_bn(24, 24, 3, 1), nn.MaxPool2d(2),  # 32 x 16
            conv_bn(24, 48, 3, 1), conv_bn(48, 48, 3, 1), nn.MaxPool2d(2),  # 16 x 8
            conv_bn(48, 96, 3, 1),
        )
        super().__init__(body, 96, HEADS)


def augment(xb):
    """Left-right mirror (swaps the two sides: the mirror image of a tongue is a tongue), a shift of
    up to 8 rows along the tongue (zero-filled) and ±15 % brightness of the RGB planes."""
    n = xb.shape[0]
    flip = torch.rand(n) < 0.5
    xb[flip] = xb[flip].flip(3)
    out = torch.zeros_like(xb)
    for i in range(n):
        d = int(np.random.randint(-8, 9))
        if d >= 0:
            out[i, :, d:] = xb[i, :, :ROWS - d]
        else:
            out[i, :, :d] = xb[i, :, -d:]
    gain = 1 + (torch.rand(n, 1, 1, 1) * 2 - 1) * 0.15
    out[:, :3] = (out[:, :3] * gain).clamp(0, 1) * (out[:, 3:4] > 0.5)
    return out


def main():
    from sklearn.metrics import roc_auc_score
    man = manual_labels()
    weak = weak_labels()
    tr, va = split('strips', man, weak, eval_ids())
    shape = (PLANES, ROWS, WIDTH)
    Xtr, Xva = load_planes('strips', tr, shape), load_planes('strips', va, shape)
    ytr = {'teeth': labels_for(tr, man, weak)['teeth']}
    truth = expert_present(va, man)['teeth']
    net = SidesNet()
    if os.environ.get('INIT'):  # fine-tuning (see train_marks.py: INIT, NA_NONE, MAX_LR)
        state = torch.load(os.environ['INIT'])
        # Checkpoints saved before netkit's PooledHeads named the one head `head`.
        net.load_state_dict({k.replace('head.', 'heads.teeth.', 1) if k.startswith('head.') else k: v
                             for k, v in state.items()})
    print('train', len(tr), 'val', len(va), 'parameters', sum(p.numel() for p in net.parameters()), flush=True)

    def validate(n):
        return {'teeth': roc_auc_score(truth, 1 - predict(n, Xva)['teeth'][:, 0])}

    best = train(net, Xtr, ytr, HEADS, augment, validate, EPOCHS, max_lr=float(os.environ.get('MAX_LR', '3e-3')), weight_decay=5e-3, pct_start=0.2,
                 checkpoint=os.path.join(CACHE, f'sides-net{os.environ.get("TAG", "")}.pt'))
    net.load_state_dict(best[2])
    export(net, shape, OUT, 'sides-net',
           {'version': VERSION, 'input': list(shape), 'heads': HEADS, 'epochs': EPOCHS, 'best_epoch': best[1],
            'seed': SEED, 'val_expert_auc': round(best[0], 4), 'train_photos': len(tr), 'val_photos': len(va)})


if __name__ == '__main__':
    main()
