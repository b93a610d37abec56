"""Trains the small texture network (cracks, tooth marks, colours, coating type) on the 4 x 256 x 256
inputs written by dump-tensors.ts and exports it to ONNX (models/tongue-features/texture-net.onnx).

  nohup nice -n 5 /usr/bin/python3 training/tongue-features/train_cnn.py > training/tongue-features/cache/cnn.log &
  NORM=band VERSION=texture-net-1.1.0 nohup nice -n 5 /usr/bin/python3 training/tongue-features/train_cnn.py > ...

NORM=band (issue 36 item 2): the network reads the band-normalised crop (color-norm.ts; inputs of
dump-tensors.ts --band) and its JSON says "normalization": "band", so the engine feeds it that
crop. Each training sample is first re-lit by a random light (relight.py: 5,000-8,000 K, +-1 EV,
80 % of samples; LIGHT_P sets the share) and normalised again as the engine would, so the network
learns what normalisation leaves of other light (clipping, rounding). Validation reads the
engine's normalised inputs of the photos as taken. OUT (default models/tongue-features) is where
the network is written.

Labels: the expert label where one exists (cracks / tooth marks: NA = none on expert-labelled
photos), else the database's weak label. Held-out photos (split/eval-ids.txt) are never used.
The epoch kept is the one with the best mean of the validation scores on the expert-labelled
photos whose SHA-1 % 5 == 1 (a second, internal split)."""
import os
import sys

import numpy as np
import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import CACHE, MODELS, eval_ids, manual_labels, weak_labels  # noqa: E402
from netkit import PooledHeads, conv_bn, export, load_planes, predict, setup_torch, split, train  # noqa: E402
from relight import random_light, relight_normalised  # noqa: E402

_, SEED = setup_torch()  # one thread, seed 0 unless THREADS / SEED say otherwise
S = 256
VERSION = os.environ.get('VERSION', 'texture-net-1.0.0')
EPOCHS = int(os.environ.get('EPOCHS', '10'))
NORM = os.environ.get('NORM', '')  # '' (the crop as taken) or 'band'
LIGHT_P = float(os.environ.get('LIGHT_P', '0.8'))
OUT = os.environ.get('OUT', MODELS)

HEADS = {
    'coating': ['white', 'light_yellow', 'yellow'],
    'body': ['pale', 'light_red', 'dark'],
    'cracks': ['none', 'light', 'severe'],
    'teeth': ['none', 'light', 'severe'],
    'thickness': ['thin', 'thick'],
    'greasy': ['not_greasy', 'greasy'],
}
EXPERT = {'coating': ('labels_tai', {'white': 'white', 'light_yellow': 'light_yellow', 'yellow': 'yellow'}),
          'body': ('labels_zhi', {'light': 'pale', 'regular': 'light_red', 'dark': 'dark'}),
          'cracks': ('labels_fissure', {'NA': 'none', 'light': 'light', 'severe': 'severe'}),
          'teeth': ('labels_tooth_mk', {'NA': 'none', 'light': 'light', 'severe': 'severe'})}
WEAK = {'coating': ('tai_label', {'white': 'white', 'light_yellow': 'light_yellow', 'yellow': 'yellow'}),
        'body': ('zhi_label', {'light': 'pale', 'regular': 'light_red', 'dark': 'dark'}),
        'cracks': ('fissure_label', {'NaN': 'none', 'light': 'light', 'severe': 'severe'}),
        'teeth': ('tooth_mk_label', {'NaN': 'none', 'light': 'light', 'severe': 'severe'}),
        'thickness': ('coating_label', {'greasy_thick': 'thick', 'greasy': 'thin', 'non_greasy': 'thin'}),
        'greasy': ('coating_label', {'greasy_thick': 'greasy', 'greasy': 'greasy', 'non_greasy': 'not_greasy'})}


class TextureNet(PooledHeads):
    """Five stride-2 3 x 3 convolutions, 8 -> 128 channels."""

    def __init__(self):
        body = nn.Sequential(conv_bn(4, 8, 3, 2), conv_bn(8, 16, 3, 2), conv_bn(16, 32, 3, 2), conv_bn(32, 64, 3, 2),
                             conv_bn(64, 128, 3, 2))
        super().__init__(body, 128, HEADS)


def labels_for(sids, man, weak):
    y = {k: np.full(len(sids), -1, dtype=np.int64) for k in HEADS}
    for n, s in enumerate(sids):
        for k, classes in HEADS.items():
            lab = None
            if k in EXPERT and s in man:
                col, mp = EXPERT[k]
                lab = mp.get(man[s][col])
                # Colour NA on an expert row = not labelled: fall back to the weak label.
            if lab is None and s in weak:
                col, mp = WEAK[k]
                lab = mp.get(weak[s][col])
            if lab is not None:
                y[k][n] = classes.index(lab)
    return y


def augment(xb):
    # Mirror (tongues are left-right symmetric) and shift by up to 12 px; no colour jitter, the
    # colour heads must read the capture device's colours as they are (with NORM=band: the
    # normalised colours, re-lit beforehand by RelitBatches).
    if np.random.rand() < 0.5:
        xb = xb.flip(3)
    dx, dy = np.random.randint(-12, 13, size=2)
    return torch.roll(xb, shifts=(int(dy), int(dx)), dims=(2, 3))


def scores(P, y):
    from sklearn.metrics import f1_score, roc_auc_score
    out = {}
    for k in HEADS:
        m = y[k] >= 0
        if m.sum() < 10 or len(set(y[k][m])) < 2:
            continue
        p = P[k][m]
        if k in ('cracks', 'teeth'):
            out[k] = roc_auc_score(y[k][m] > 0, 1 - p[:, 0])
        else:
            out[k] = f1_score(y[k][m], p.argmax(1), average='macro')
    return out


class RelitBatches:
    """The training inputs (crops as taken) as an array whose batches come re-lit by a random light
    and band-normalised (relight.py); what netkit.train indexes."""

    def __init__(self, X, gains, seed):
        self.X, self.gains, self.rng = X, gains, np.random.default_rng(seed)

    def __len__(self):
        return len(self.X)

    def __getitem__(self, idx):
        return relight_normalised(self.X[idx], self.gains[idx], random_light(len(idx), self.rng, p=LIGHT_P))


def band_gains(sids):
    return np.stack([np.fromfile(os.path.join(CACHE, 'band-gains', f'{s}.f64'), np.float64) for s in sids])


def main():
    man = manual_labels()
    weak = weak_labels()
    tr, va = split('tensors', man, weak, eval_ids())
    print('train', len(tr), 'val', len(va), 'normalization', NORM or 'none', 'light p', LIGHT_P, flush=True)
    Xtr = load_planes('tensors', tr, (4, S, S))
    Xva = load_planes('tensors-band' if NORM == 'band' else 'tensors', va, (4, S, S))
    if NORM == 'band':
        Xtr = RelitBatches(Xtr, band_gains(tr), SEED)
    # Validation scores use expert labels only (weak ones are for training).
    ytr, yva_all = labels_for(tr, man, weak), labels_for(va, man, {})
    net = TextureNet()
    best = train(net, Xtr, ytr, HEADS, augment, lambda n: scores(predict(n, Xva), yva_all), EPOCHS,
                 checkpoint=os.path.join(CACHE, f'{VERSION}.pt'))
    net.load_state_dict(best[2])
    meta = {'version': VERSION, 'input': [4, S, S], 'heads': HEADS, 'epochs': EPOCHS, 'best_epoch': best[1],
            'val_expert': round(best[0], 4), 'train_photos': len(tr), 'val_photos': len(va)}
    if NORM:
        meta.update({'normalization': NORM, 'light_augmentation': {'kelvin': [5000, 8000], 'ev': [-1, 1], 'p': LIGHT_P},
                     'seed': SEED})
    export(net, (4, S, S), OUT, 'texture-net', meta)


if __name__ == '__main__':
    main()
