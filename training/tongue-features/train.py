"""Trains the tongue feature classifiers (linear models on the measurement vectors of
dump-measures.ts) and writes them as JSON coefficient files to models/tongue-features/.

  /usr/bin/python3 training/tongue-features/train.py

Training data: expert-labelled photos outside the held-out split (split/eval-ids.txt), plus, for
the tasks that featuresets.TASKS gives weak labels, the database's weak labels of photos without
an expert label (never those of held-out photos).

Per task, 5-fold cross-validation repeated with SEEDS shuffles on the training part chooses the
model family (logistic regression with its C, or linear discriminant analysis with its covariance
shrinkage) and, where the task lists several, the measurement set. The folds are scored on the
expert labels only: weak labels join the training folds but are never what a model is judged
against. Both families are linear, so the engine runs either as softmax/sigmoid of the same
standardised coefficients. The held-out photos are not looked at here (evaluate.py does that)."""
import json
import os
import sys

import numpy as np
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import f1_score, roc_auc_score

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import MODELS, eval_ids, manual_labels, read_measures, targets, weak_labels  # noqa: E402
from featuresets import FEATURE_SETS, TASKS  # noqa: E402

VERSION = '1.0.0'
# Models whose choice changed with the family / measurement-set search (tongue-features-1.3.0).
VERSIONS = {'coating_colour': '1.1.0', 'body_colour': '1.1.0', 'cracks_severity': '1.1.0',
            'coating_thickness': '1.1.0', 'greasy': '1.1.0'}
SEEDS = 5
FAMILIES = ([{'family': 'logistic', 'C': C} for C in (0.01, 0.03, 0.1, 0.3, 1.0, 3.0, 10.0)]
            + [{'family': 'lda', 'shrinkage': sh, 'priors': pr} for sh in ('auto', 0.05, 0.2)
               for pr in ('observed', 'equal')])


def matrix(rows, sids, feats):
    return np.array([[rows[s][f] for f in feats] for s in sids], dtype=np.float64)


def estimator(training, n_classes):
    """The sklearn estimator that a model's 'training' entry describes."""
    if training.get('family', 'logistic') == 'lda':
        priors = np.full(n_classes, 1.0 / n_classes) if training.get('priors') == 'equal' else None
        return LinearDiscriminantAnalysis(solver='lsqr', shrinkage=training['shrinkage'], priors=priors)
    return LogisticRegression(C=training['C'], max_iter=5000, class_weight='balanced')


def standardise(X):
    mean = X.mean(axis=0)
    std = X.std(axis=0)
    std[std < 1e-9] = 1.0
    return mean, std


def fit(X, y, training):
    """Standardises X and fits the estimator of `training` (also used by choose_ensemble.py and
    evaluate.py for out-of-fold probabilities). Returns (model, mean, std)."""
    mean, std = standardise(X)
    clf = estimator(training, len(set(y)))
    clf.fit((X - mean) / std, y)
    return clf, mean, std


def cv_score(X, y, judged, training, binary):
    """Mean over SEEDS shuffles of 5-fold CV, scored on the rows where judged is True (expert
    labels); the other rows (weak labels) only ever train."""
    scores = []
    for seed in range(SEEDS):
        P = np.zeros((len(y), len(set(y))))
        skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=seed)
        for tr, te in skf.split(X[judged], y[judged]):
            tr = np.concatenate([np.flatnonzero(judged)[tr], np.flatnonzero(~judged)])
            te = np.flatnonzero(judged)[te]
            clf, mean, std = fit(X[tr], y[tr], training)
            P[te] = clf.predict_proba((X[te] - mean) / std)
        classes = sorted(set(y))
        yj, Pj = y[judged], P[judged]
        if binary:
            scores.append(roc_auc_score(yj == classes[1], Pj[:, 1]))
        else:
            scores.append(f1_score(yj, [classes[i] for i in Pj.argmax(1)], average='macro'))
    return float(np.mean(scores))


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
        set_names = spec['features'] if isinstance(spec['features'], list) else [spec['features']]
        sids, y = training_set(task, rows, man, weak, held)
        y = np.array(y)
        # Rows the expert labelled are what CV judges; for the weak-label-only tasks, every row.
        expert = targets(man)[spec['target']] if spec['target'] else None
        judged = np.array([expert is None or s in expert for s in sids])
        binary = len(set(y)) == 2
        best = None
        for set_name in set_names:
            X = matrix(rows, sids, FEATURE_SETS[set_name])
            for training in FAMILIES:
                s = cv_score(X, y, judged, training, binary)
                if best is None or s > best[0] + 1e-9:
                    best = (s, set_name, training)
        score, set_name, training = best
        feats = FEATURE_SETS[set_name]
        clf, mean, std = fit(matrix(rows, sids, feats), y, training)
        classes = [str(c) for c in clf.classes_]
        model = {
            'name': task,
            'version': f"{task}-{VERSIONS.get(task, VERSION)}",
            'features': feats,
            'mean': [round(float(v), 6) for v in mean],
            'std': [round(float(v), 6) for v in std],
            'classes': classes,
            # Both families give coef_ (one row per class, or one row for two classes: positive =
            # classes[1]) and intercept_ in the form the engine's softmax / sigmoid reads.
            'coef': [[round(float(v), 6) for v in row] for row in clf.coef_],
            'intercept': [round(float(v), 6) for v in clf.intercept_],
            'training': {'photos': len(sids), 'expert_photos': int(judged.sum()), 'feature_set': set_name,
                         **training, f'cv5x{SEEDS}': round(score, 4),
                         'cv_metric': 'roc_auc' if binary else 'macro_f1'},
        }
        with open(os.path.join(MODELS, f'{task}.json'), 'w') as f:
            json.dump(model, f, indent=1)
        report[task] = model['training']
        print(task, model['training'], flush=True)


if __name__ == '__main__':
    main()
