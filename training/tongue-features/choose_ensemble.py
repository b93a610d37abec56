"""Chooses, per feature, whether the engine uses the logistic model, the texture network or the
mean of both, on the internal validation photos (expert-labelled, MD5 % 5 != 0, SHA-1 % 5 == 1;
never the held-out photos): logistic probabilities out-of-fold (5-fold CV over the training
photos), network probabilities from the trained network, which chose its epoch on these photos
(so the network is favoured slightly; the choice says so in ensemble.json).

  /usr/bin/python3 training/tongue-features/choose_ensemble.py"""
import hashlib
import json
import os
import sys
import warnings

import numpy as np
import torch
import torch.nn.functional as F
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import f1_score, roc_auc_score
from sklearn.model_selection import StratifiedKFold

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import CACHE, MODELS, eval_ids, manual_labels, read_measures, targets, weak_labels  # noqa: E402
from train import training_set  # noqa: E402
from train_cnn import HEADS, TextureNet, load  # noqa: E402

warnings.filterwarnings('ignore')
torch.set_num_threads(1)
TASKS = {'coating_colour': ('coating', 'coating', ['white', 'light_yellow', 'yellow']),
         'body_colour': ('body', 'body', ['pale', 'light_red', 'dark']),
         'cracks': ('cracks', 'cracks', ['none', 'present']),
         'tooth_marks': ('teeth', 'teeth', ['none', 'present'])}


def score(y, P, classes):
    if len(classes) == 2:
        return roc_auc_score(np.asarray(y) == classes[1], P[:, 1])
    return f1_score(y, [classes[i] for i in P.argmax(1)], average='macro')


def main():
    rows, man, weak, held = read_measures(), manual_labels(), weak_labels(), eval_ids()
    T = targets(man)
    net = TextureNet()
    net.load_state_dict(torch.load(os.path.join(CACHE, 'texture-net.pt')))
    net.eval()
    choice = {}
    for task, (target, head, classes) in TASKS.items():
        model = json.load(open(os.path.join(MODELS, f'{task}.json')))
        sids, y = training_set(task, rows, man, weak, held)
        sids, y = np.array(sids), np.array(y)
        X = np.array([[rows[s][f] for f in model['features']] for s in sids])
        val = np.array([s in T[target] and int(hashlib.sha1(s.encode()).hexdigest(), 16) % 5 == 1 for s in sids])
        oof = np.zeros((len(sids), len(classes)))
        for tr, te in StratifiedKFold(5, shuffle=True, random_state=0).split(X, y):
            mu, sd = X[tr].mean(0), X[tr].std(0) + 1e-9
            clf = LogisticRegression(C=model['training']['C'], max_iter=5000, class_weight='balanced')
            clf.fit((X[tr] - mu) / sd, y[tr])
            P = clf.predict_proba((X[te] - mu) / sd)
            oof[te] = P[:, [list(clf.classes_).index(c) for c in classes]]
        vs = sids[val]
        yv = [T[target][s] for s in vs]
        with torch.no_grad():
            out = F.softmax(net(torch.from_numpy(load(list(vs)).astype(np.float32) / 255))[head], 1).numpy()
        if len(classes) == 2:
            out = np.stack([out[:, 0], 1 - out[:, 0]], 1)
        scores = {'lr': score(yv, oof[val], classes), 'net': score(yv, out, classes),
                  'mean': score(yv, (oof[val] + out) / 2, classes)}
        best = max(scores, key=scores.get)
        choice[task] = {'use': best, 'validation': {k: round(v, 4) for k, v in scores.items()}, 'photos': int(val.sum())}
        print(task, choice[task], flush=True)
    choice['note'] = ('Chosen on the internal validation photos; the network picked its epoch on them too, '
                      'so its scores there are slightly optimistic. Severity, thickness and greasiness use the mean.')
    with open(os.path.join(MODELS, 'ensemble.json'), 'w') as f:
        json.dump(choice, f, indent=1)


if __name__ == '__main__':
    main()
