"""Scores the engine's tongue features against the expert labels of the held-out photos.

  npx tsx training/tongue-features/predict.ts > training/tongue-features/cache/pred-expert.jsonl
  /usr/bin/python3 training/tongue-features/evaluate.py training/tongue-features/cache/pred-expert.jsonl [more.jsonl]

Per labelled feature: accuracy, macro-F1 and ROC-AUC (one-vs-rest macro for 3 classes). Cracks
and tooth marks: 'present' = expert light or severe, 'absent' = NA (not marked); severity:
severe vs light among the marked photos. Also prints the issue's baseline (CIELAB percentiles
of the mask + logistic regression, trained on the training part) on the same photos, and
5-fold cross-validation over all expert-labelled photos of the logistic models. The engine's
figures carry 95 % bootstrap intervals over the photos: the held-out colour sets are 43-47 photos."""
import json
import os
import sys
import warnings

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, f1_score, roc_auc_score
from sklearn.model_selection import StratifiedKFold

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import eval_ids, manual_labels, read_measures, targets, weak_labels  # noqa: E402
from featuresets import FEATURE_SETS  # noqa: E402
from train import fit  # noqa: E402

warnings.filterwarnings('ignore')
CLASSES = {'coating': ['white', 'light_yellow', 'yellow'], 'body': ['pale', 'light_red', 'dark']}


def metrics(y, P, classes, ci=False):
    y = np.asarray(y)
    # The engine rounds probabilities to 4 decimals (and may put mass on a rule-decided label
    # such as grey_black): renormalise over the scored classes.
    P = np.asarray(P, dtype=np.float64) + 1e-9
    P = P / P.sum(1, keepdims=True)

    def f1(yy, PP):
        return f1_score(yy, [classes[i] for i in PP.argmax(1)], average='macro')

    def auc(yy, PP):
        if len(classes) == 2:
            return roc_auc_score(yy == classes[1], PP[:, 1])
        return roc_auc_score([classes.index(v) for v in yy], PP, multi_class='ovr', labels=list(range(len(classes))))

    out = {'n': len(y), 'accuracy': accuracy_score(y, [classes[i] for i in P.argmax(1)]), 'macro_f1': f1(y, P),
           'roc_auc': auc(y, P)}
    if ci:
        # 95 % percentile bootstrap over the photos (2,000 resamples, fixed seed): how much the
        # figure of a split this small could move with another draw of photos.
        rng = np.random.default_rng(0)
        boot = {'macro_f1': [], 'roc_auc': []}
        for _ in range(2000):
            idx = rng.integers(0, len(y), len(y))
            if len(set(y[idx])) < len(classes):
                continue
            boot['macro_f1'].append(f1(y[idx], P[idx]))
            boot['roc_auc'].append(auc(y[idx], P[idx]))
        for k, v in boot.items():
            out[k + '_ci'] = (float(np.percentile(v, 2.5)), float(np.percentile(v, 97.5)))
    return out


def score_predictions(path, T, held, ci=False):
    preds = {}
    with open(path) as f:
        for line in f:
            r = json.loads(line)
            preds[r['id']] = r
    out = {}
    for task in ('coating', 'body'):
        sids = [s for s in sorted(T[task]) if s in held and s in preds]
        P = np.array([[preds[s][task][c] for c in CLASSES[task]] for s in sids])
        out[task] = metrics([T[task][s] for s in sids], P, CLASSES[task], ci)
    for task, key in (('cracks', 'cracks'), ('teeth', 'teeth')):
        sids = [s for s in sorted(T[task]) if s in held and s in preds]
        p = np.array([1 - preds[s][key]['none'] for s in sids])
        out[task] = metrics([T[task][s] for s in sids], np.stack([1 - p, p], 1), ['none', 'present'], ci)
        sev = [s for s in sorted(T[task + '_severity']) if s in held and s in preds]
        q = np.array([preds[s][key]['severe'] / max(1e-9, preds[s][key]['light'] + preds[s][key]['severe'])
                      for s in sev])
        out[task + '_severity'] = metrics([T[task + '_severity'][s] for s in sev], np.stack([1 - q, q], 1),
                                          ['light', 'severe'], ci)
    return out


def na_analysis(path, T, held, weak):
    """How noisy NA = none is: the database model's own AUC against it, and the engine's AUC when
    the negatives are only NA photos that the database model also calls absent."""
    preds = {}
    with open(path) as f:
        for line in f:
            r = json.loads(line)
            preds[r['id']] = r
    grade = {'NaN': 0, 'light': 1, 'severe': 2}
    print(f'\nNA treatment check on {os.path.basename(path)} (ROC-AUC, present vs NA)')
    for task, col in (('cracks', 'fissure_label'), ('teeth', 'tooth_mk_label')):
        ids = [s for s in sorted(T[task]) if s in held and s in preds]
        y = np.array([T[task][s] == 'present' for s in ids])
        p = np.array([1 - preds[s][task]['none'] for s in ids])
        wk = np.array([grade[weak[s][col]] for s in ids])
        clean = np.array([T[task][s] == 'present' or weak[s][col] == 'NaN' for s in ids])
        print(f'- {task}: engine {roc_auc_score(y, p):.3f}; database model (weak labels) {roc_auc_score(y, wk):.3f}; '
              f'engine with clean negatives only ({int(clean.sum())} photos) {roc_auc_score(y[clean], p[clean]):.3f}')


def baseline(rows, T, held):
    out = {}
    feats = FEATURE_SETS['baseline']
    for task in ('coating', 'body', 'cracks', 'teeth'):
        classes = CLASSES.get(task, ['none', 'present'])
        tr = [s for s in sorted(T[task]) if s not in held and s in rows]
        te = [s for s in sorted(T[task]) if s in held and s in rows]
        X = np.array([[rows[s][f] for f in feats] for s in tr])
        mu, sd = X.mean(0), X.std(0) + 1e-9
        clf = LogisticRegression(C=1.0, max_iter=5000).fit((X - mu) / sd, [T[task][s] for s in tr])
        Xt = (np.array([[rows[s][f] for f in feats] for s in te]) - mu) / sd
        P = clf.predict_proba(Xt)
        P = P[:, [list(clf.classes_).index(c) for c in classes]]
        out[task] = metrics([T[task][s] for s in te], P, classes)
    return out


def cross_validated(rows, T):
    """5-fold CV of the linear models (same features, family and settings as
    models/tongue-features) over all expert-labelled photos, held-out ones included: a second,
    less split-dependent estimate."""
    here = os.path.dirname(os.path.abspath(__file__))
    models = os.path.join(here, '..', '..', 'models', 'tongue-features')
    out = {}
    base = {'features': FEATURE_SETS['baseline'], 'training': {'family': 'logistic', 'C': 1.0}}
    for label, task, name in (('coating', 'coating', 'coating_colour'), ('body', 'body', 'body_colour'),
                              ('cracks', 'cracks', 'cracks'), ('teeth', 'teeth', 'tooth_marks'),
                              ('cracks_severity', 'cracks_severity', 'cracks_severity'),
                              ('teeth_severity', 'teeth_severity', 'tooth_marks_severity'),
                              ('coating, baseline features', 'coating', None), ('body, baseline features', 'body', None)):
        m = base if name is None else json.load(open(os.path.join(models, f'{name}.json')))
        sids = [s for s in sorted(T[task]) if s in rows]
        X = np.array([[rows[s][f] for f in m['features']] for s in sids])
        y = np.array([T[task][s] for s in sids])
        classes = sorted(set(y)) if task not in CLASSES else CLASSES[task]
        P = np.zeros((len(y), len(classes)))
        for tr, te in StratifiedKFold(5, shuffle=True, random_state=0).split(X, y):
            clf, mu, sd = fit(X[tr], y[tr], m['training'])
            Pt = clf.predict_proba((X[te] - mu) / sd)
            P[te] = Pt[:, [list(clf.classes_).index(c) for c in classes]]
        out[label] = metrics(y, P, classes)
    return out


def show(title, res):
    print(f'\n{title}')
    print('| feature | n | accuracy | macro-F1 | ROC-AUC |')
    print('|---|---|---|---|---|')

    def cell(v, k):
        return f"{v[k]:.3f}" + (f" ({v[k + '_ci'][0]:.2f}–{v[k + '_ci'][1]:.2f})" if k + '_ci' in v else '')

    for k, v in res.items():
        print(f"| {k} | {v['n']} | {v['accuracy']:.3f} | {cell(v, 'macro_f1')} | {cell(v, 'roc_auc')} |")
    if any('macro_f1_ci' in v for v in res.values()):
        print('(in brackets: 95 % bootstrap interval over the photos)')


def main():
    man = manual_labels()
    T = targets(man)
    held = eval_ids()
    rows = read_measures()
    for path in sys.argv[1:]:
        show(f'Engine on held-out photos: {os.path.basename(path)}', score_predictions(path, T, held, ci=True))
        na_analysis(path, T, held, weak_labels())
    show('Baseline (CIELAB percentiles of the expert mask + logistic regression), held-out photos',
         baseline(rows, T, held))
    show('Linear models on the measurement vector, 5-fold CV over all expert-labelled photos',
         cross_validated(rows, T))


if __name__ == '__main__':
    main()
