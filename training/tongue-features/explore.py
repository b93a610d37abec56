"""Cross-validated comparison of feature sets and of adding weak labels, on the TRAINING part
only (the held-out photos are excluded), to choose the model design."""
import os
import sys
import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.metrics import f1_score, roc_auc_score

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import eval_ids, manual_labels, read_measures, targets, weak_labels  # noqa: E402
from featuresets import FEATURE_SETS  # noqa: E402

rows = read_measures()
man = manual_labels()
weak = weak_labels()
held = eval_ids()
T = targets(man)


def run(target, fs, Cs=(0.03, 0.1, 0.3, 1, 3)):
    t = T[target]
    sids = [s for s in sorted(t) if s not in held and s in rows]
    y = np.array([t[s] for s in sids])
    X = np.array([[rows[s][f] for f in FEATURE_SETS[fs]] for s in sids])
    X = (X - X.mean(0)) / (X.std(0) + 1e-9)
    out = []
    for C in Cs:
        P = cross_val_predict(LogisticRegression(C=C, max_iter=5000, class_weight='balanced'), X, y,
                              cv=StratifiedKFold(5, shuffle=True, random_state=0), method='predict_proba')
        cl = sorted(set(y))
        if len(cl) == 2:
            out.append((C, round(roc_auc_score(y == cl[1], P[:, 1]), 3), round(f1_score(y, [cl[i] for i in P.argmax(1)], average='macro'), 3)))
        else:
            out.append((C, round(roc_auc_score(y, P, multi_class='ovr'), 3), round(f1_score(y, [cl[i] for i in P.argmax(1)], average='macro'), 3)))
    print(target, fs, len(sids), out, flush=True)


for target, sets in (('coating', ('baseline', 'colour')), ('body', ('baseline', 'colour')),
                     ('cracks', ('baseline', 'cracks')), ('cracks_severity', ('cracks',)),
                     ('teeth', ('baseline', 'teeth')), ('teeth_severity', ('teeth',))):
    for fs in sets:
        run(target, fs)
