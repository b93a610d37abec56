"""Colour heads of a texture network under other light, on the internal validation photos
(expert-labelled, not held out, SHA-1 % 5 == 1; the photos train_cnn.py chooses its epoch on):
macro-F1 of body and coating colour against the expert labels, and the share of photos whose
predicted label changes under 5,000 K, 8,000 K, -1 EV and +1 EV (relight.py: the crop re-lit
by the light's gains in linear light; for a network with "normalization": "band" then normalised
again as the engine would). Probabilities averaged with the mirror image, as the engine does.
Lets candidates be compared for robustness without the held-out photos.

  /usr/bin/python3 training/tongue-features/light_check.py CHECKPOINT.pt [band|none] [...]"""
import os
import sys

import numpy as np
import torch
from sklearn.metrics import f1_score

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import CACHE, eval_ids, manual_labels, weak_labels  # noqa: E402
from netkit import load_planes, predict, split  # noqa: E402
from relight import gain_tables, relight_normalised, temperature_gains  # noqa: E402
from train_cnn import HEADS, TextureNet, band_gains, labels_for  # noqa: E402

LIGHTS = {'5000 K': temperature_gains(5000), '8000 K': temperature_gains(8000), '-1 EV': np.full(3, 0.5),
          '+1 EV': np.full(3, 2.0)}


def relit_raw(x, d):
    out = x.copy()
    t = gain_tables(np.asarray(d)[None])[0]
    for c in range(3):
        out[:, c] = t[c][x[:, c]]
    return out


def mirrored_probs(net, X):
    a, b = predict(net, X), predict(net, np.ascontiguousarray(X[:, :, :, ::-1]))
    return {k: (a[k] + b[k]) / 2 for k in a}


def main(path, norm):
    man, weak = manual_labels(), weak_labels()
    _, va = split('tensors', man, weak, eval_ids())
    y = labels_for(va, man, {})
    raw = load_planes('tensors', va, (4, 256, 256))
    gains = band_gains(va)
    net = TextureNet()
    net.load_state_dict(torch.load(path))

    def inputs(d):
        if norm == 'band':
            return relight_normalised(raw, gains, np.tile(d, (len(va), 1)))
        return relit_raw(raw, d)

    base = mirrored_probs(net, inputs(np.ones(3)))
    row = [os.path.basename(path), norm]
    for k in ('body', 'coating'):
        m = y[k] >= 0
        row.append(f'{k} F1 {f1_score(y[k][m], base[k][m].argmax(1), average="macro"):.3f} (n {m.sum()})')
    for name, d in LIGHTS.items():
        P = mirrored_probs(net, inputs(d))
        ch = {k: 100 * np.mean(P[k].argmax(1) != base[k].argmax(1)) for k in ('body', 'coating')}
        row.append(f'{name}: body {ch["body"]:.0f} % coating {ch["coating"]:.0f} %')
    print(' | '.join(row), flush=True)


if __name__ == '__main__':
    args = sys.argv[1:]
    for i in range(0, len(args), 2):
        main(args[i], args[i + 1] if i + 1 < len(args) else 'none')
