"""Trains the small texture network (cracks, tooth marks, colours, coating type) on the 4 x 256 x 256
inputs written by dump-tensors.ts and exports it to ONNX (models/tongue-features/texture-net.onnx).

  nohup nice -n 5 /usr/bin/python3 training/tongue-features/train_cnn.py > training/tongue-features/cache/cnn.log &

Labels: the expert label where one exists (cracks / tooth marks: NA = none on expert-labelled
photos), else the database's weak label. Held-out photos (split/eval-ids.txt) are never used.
The epoch kept is the one with the best mean of the validation scores on the expert-labelled
photos whose SHA-1 % 5 == 1 (a second, internal split)."""
import hashlib
import json
import os
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import CACHE, MODELS, eval_ids, manual_labels, weak_labels  # noqa: E402

torch.set_num_threads(1)
torch.manual_seed(0)
np.random.seed(0)
S = 256
VERSION = 'texture-net-1.0.0'
EPOCHS = int(os.environ.get('EPOCHS', '10'))

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


def block(cin, cout, stride):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class TextureNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(block(4, 8, 2), block(8, 16, 2), block(16, 32, 2), block(32, 64, 2),
                                  block(64, 128, 2))
        self.drop = nn.Dropout(0.3)
        self.heads = nn.ModuleDict({k: nn.Linear(256, len(v)) for k, v in HEADS.items()})

    def forward(self, x):
        f = self.body(x)
        f = torch.cat([f.mean(dim=(2, 3)), f.amax(dim=(2, 3))], 1)
        f = self.drop(f)
        return {k: h(f) for k, h in self.heads.items()}


class Exported(nn.Module):
    """Probabilities of every head, concatenated in HEADS order."""

    def __init__(self, net):
        super().__init__()
        self.net = net

    def forward(self, x):
        out = self.net(x)
        return torch.cat([F.softmax(out[k], 1) for k in HEADS], 1)


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


def load(sids):
    X = np.zeros((len(sids), 4, S, S), dtype=np.uint8)
    for n, s in enumerate(sids):
        X[n] = np.fromfile(os.path.join(CACHE, 'tensors', f'{s}.u8'), dtype=np.uint8).reshape(4, S, S)
    return X


def augment(xb):
    # Mirror (tongues are left-right symmetric) and shift by up to 12 px; no colour jitter, the
    # colour heads must read the capture device's colours as they are.
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


def predict(net, X, bs=64):
    net.eval()
    P = {k: [] for k in HEADS}
    with torch.no_grad():
        for i in range(0, len(X), bs):
            xb = torch.from_numpy(X[i:i + bs].astype(np.float32) / 255)
            out = net(xb)
            for k in HEADS:
                P[k].append(F.softmax(out[k], 1).numpy())
    return {k: np.concatenate(v) for k, v in P.items()}


def main():
    man = manual_labels()
    weak = weak_labels()
    held = eval_ids()
    have = set(f[:-3] for f in os.listdir(os.path.join(CACHE, 'tensors')))
    sids = sorted(s for s in weak if s in have and s not in held)
    is_val = [s in man and int(hashlib.sha1(s.encode()).hexdigest(), 16) % 5 == 1 for s in sids]
    tr = [s for s, v in zip(sids, is_val) if not v]
    va = [s for s, v in zip(sids, is_val) if v]
    print('train', len(tr), 'val', len(va), flush=True)
    Xtr, Xva = load(tr), load(va)
    ytr, yva_all = labels_for(tr, man, weak), labels_for(va, man, {})
    # Validation scores use expert labels only (weak ones are for training).
    net = TextureNet()
    weights = {}
    for k, classes in HEADS.items():
        cnt = np.bincount(ytr[k][ytr[k] >= 0], minlength=len(classes)).astype(np.float64)
        weights[k] = torch.tensor((cnt.sum() / (len(classes) * np.maximum(cnt, 1))) ** 0.5, dtype=torch.float32)
    opt = torch.optim.AdamW(net.parameters(), lr=2e-3, weight_decay=1e-3)
    steps = EPOCHS * ((len(tr) + 31) // 32)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=steps)
    best = (-1, None, None)
    for ep in range(EPOCHS):
        net.train()
        perm = np.random.permutation(len(tr))
        t0 = time.time()
        tot = 0.0
        for i in range(0, len(perm), 32):
            idx = perm[i:i + 32]
            xb = augment(torch.from_numpy(Xtr[idx].astype(np.float32) / 255))
            out = net(xb)
            loss = 0
            for k in HEADS:
                yk = torch.from_numpy(ytr[k][idx])
                if (yk >= 0).any():
                    loss = loss + F.cross_entropy(out[k], yk, weight=weights[k], ignore_index=-1)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += float(loss) * len(idx)
        sc = scores(predict(net, Xva), yva_all)
        mean = float(np.mean(list(sc.values())))
        print(f'epoch {ep} loss {tot / len(tr):.3f} val {json.dumps({k: round(v, 3) for k, v in sc.items()})} '
              f'mean {mean:.3f} {time.time() - t0:.0f}s', flush=True)
        if mean > best[0]:
            best = (mean, ep, {k: v.clone() for k, v in net.state_dict().items()})
    net.load_state_dict(best[2])
    net.eval()
    os.makedirs(MODELS, exist_ok=True)
    torch.save(best[2], os.path.join(CACHE, 'texture-net.pt'))
    torch.onnx.export(Exported(net), torch.zeros(1, 4, S, S), os.path.join(MODELS, 'texture-net.onnx'),
                      input_names=['input'], output_names=['probs'], opset_version=13,
                      dynamic_axes={'input': {0: 'n'}, 'probs': {0: 'n'}})
    meta = {'version': VERSION, 'input': [4, S, S], 'heads': HEADS, 'epochs': EPOCHS, 'best_epoch': best[1],
            'val_expert': round(best[0], 4), 'train_photos': len(tr), 'val_photos': len(va)}
    with open(os.path.join(MODELS, 'texture-net.json'), 'w') as f:
        json.dump(meta, f, indent=1)
    print('saved', meta, flush=True)


if __name__ == '__main__':
    main()
