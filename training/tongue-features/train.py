"""Trains the tongue feature classifiers (logistic regression on the measurement vectors of
dump-measures.ts) and writes them as JSON coefficient files to models/tongue-features/.

  /usr/bin/python3 training/tongue-features/train.py

Training data: expert-labelled photos outside the held-out split (split/eval-ids.txt), plus, for
the colour models, the database's weak labels of photos without an expert label (never those of
held-out photos). Regularisation strength is chosen by 5-fold cross-validation on the training
part only; the held-out photos are not looked at here (evaluate.py does that)."""
import json
import os
import sys

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.metrics import f1_score, roc_auc_score

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import MODELS, eval_ids, manual_labels, read_measures, targets, weak_labels  # noqa: E402
from featuresets import FEATURE_SETS, TASKS  # noqa: E402

VERSION = '1.0.0'


def matrix(rows, sids, feats):
    return np.array([[rows[s][f] for f in feats] for s in sids], dtype=np.float64)


def fit(X, y, C, balanced=True):
    mean = X.mean(axis=0)
    std = X.std(axis=0)
    std[std < 1e-9] = 1.0
    clf = LogisticRegression(C=C, max_iter=5000, class_weight='balanced' if balanced else None)
    clf.fit((X - mean) / std, y)
    return clf, mean, std


def cv_score(X, y, C, binary):
    skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
    mean = X.mean(axis=0)
    std = X.std(axis=0)
    std[std < 1e-9] = 1.0
    clf = LogisticRegression(C=C, max_iter=5000, class_weight='balanced')
    P = cross_val_predict(clf, (X - mean) / std, y, cv=skf, method='predict_proba')
    if binary:
        return roc_auc_score(y, P[:, 1])
    classes = sorted(set(y))
    return f1_score(y, [classes[i] for i in P.argmax(1)], average='macro')


def training_set(task, rows, man, weak, held):
    """Expert-labelled training photos, plus weak labels of the photos without an expert label
    for this task (all photos for the weak-only tasks); never a held-out photo."""
    spec = TASKS[task]
    t = targets(man)[spec['target']] if spec['target'] else {}
    sids = [s for s in sorted(t) if s not in held and s in rows]
    y = [t[s] for s in sids]
    if spec.get('weak'):
        col, mapping = spec['weak']
        # For cracks/tooth marks every expert row carries a label (NA = none), so "without an
        # expert label" means photos outside labels-manual.tsv.
        for s in sorted(weak):
            if s in held or s not in rows or s in t or (spec['target'] in ('cracks', 'teeth') and s in man):
                continue
            lab = mapping.get(weak[s][col])
            if lab is not None:
                sids.append(s)
                y.append(lab)
    return sids, y


def main():
    rows = read_measures()
    man = manual_labels()
    weak = weak_labels()
    held = eval_ids()
    os.makedirs(MODELS, exist_ok=True)
    report = {}
    for task, spec in TASKS.items():
        feats = FEATURE_SETS[spec['features']]
        sids, y = training_set(task, rows, man, weak, held)
        X = matrix(rows, sids, feats)
        binary = len(set(y)) == 2
        best = None
        for C in (0.01, 0.03, 0.1, 0.3, 1.0, 3.0):
            s = cv_score(X, np.array(y), C, binary)
            if best is None or s > best[1]:
                best = (C, s)
        clf, mean, std = fit(X, np.array(y), best[0])
        classes = [str(c) for c in clf.classes_]
        model = {
            'name': task,
            'version': f'{task}-{VERSION}',
            'features': feats,
            'mean': [round(float(v), 6) for v in mean],
            'std': [round(float(v), 6) for v in std],
            'classes': classes,
            'coef': [[round(float(v), 6) for v in row] for row in clf.coef_],
            'intercept': [round(float(v), 6) for v in clf.intercept_],
            'training': {'photos': len(sids), 'C': best[0], 'cv5': round(best[1], 4),
                         'cv_metric': 'roc_auc' if binary else 'macro_f1'},
        }
        with open(os.path.join(MODELS, f'{task}.json'), 'w') as f:
            json.dump(model, f, indent=1)
        report[task] = model['training']
        print(task, model['training'], flush=True)


if __name__ == '__main__':
    main()
