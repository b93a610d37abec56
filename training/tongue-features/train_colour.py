"""Light-robust body and coating colour models (issue 36 item 2): linear models on the colour
measurements of a light-normalised tongue crop (dump-colour.ts), trained on the photos as taken
and re-taken under the issue's distortions (5,000 K / 8,000 K light, -1 / +1 EV, JPEG 40).

  npx tsx training/tongue-features/dump-colour.ts --shard 0/2 & npx tsx training/tongue-features/dump-colour.ts --shard 1/2
  /usr/bin/python3 training/tongue-features/train_colour.py [--write MODE] [MODE...]

Per normalization mode (none, sog, band, band-bg) and with or without the distorted copies in
training, 5-fold CV repeated over SEEDS shuffles, folds drawn over photos (every copy of a photo
on the same side), scored on the expert labels of the photos as taken, chooses the family and
measurement set as train.py does; it also prints how often the CV prediction changes under each
distortion. Then the chosen model is scored on the held-out photos (split/eval-ids.txt): macro-F1
on the expert labels and label changes per distortion (expert masks). --write MODE writes the
mode's augmented models to models/tongue-features/ (body_colour.json, coating_colour.json)."""
import glob
import json
import os
import sys
import warnings

import numpy as np
from sklearn.metrics import f1_score
from sklearn.model_selection import StratifiedKFold

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import CACHE, MODELS, eval_ids, manual_labels, targets, weak_labels  # noqa: E402
from featuresets import FEATURE_SETS, TASKS  # noqa: E402
from train import FAMILIES as ALL_FAMILIES, fit  # noqa: E402

warnings.filterwarnings('ignore')
SEEDS = int(os.environ.get('SEEDS', '3'))
VARIANTS = ['ct-1500', 'ct+1500', 'ev-1', 'ev+1', 'jpeg-40']
VERSION = '2.0.0'
# FAST=1: a smaller family grid for comparing modes quickly (the written models use the full one).
FAMILIES = ([f for f in ALL_FAMILIES if f.get('C') in (0.1, 1.0, 3.0) or f.get('shrinkage') == 'auto']
            if os.environ.get('FAST') else ALL_FAMILIES)


def read_rows(mode):
    """Rows of a mode; 'both': the measurements as taken and, prefixed n_, those of the band mode."""
    if mode == 'both':
        raw, norm = read_rows('none'), read_rows('band')
        return {k: {**raw[k], **{f'n_{f}': v for f, v in norm[k].items()}} for k in raw if k in norm}
    rows = {}
    for path in sorted(glob.glob(os.path.join(CACHE, f'colour-{mode}*.jsonl'))):
        with open(path) as f:
            for line in f:
                r = json.loads(line)
                rows[(r.pop('id'), r.pop('variant'))] = r
    return rows


def task_rows(task, rows, man, weak, held, augment):
    """(keys, labels, judged, photo) of the training rows: expert-labelled photos (every copy when
    augment, else as taken) and the weak-labelled photos of tasks that use them."""
    spec = TASKS[task]
    t = targets(man)[spec['target']]
    keys, y, judged = [], [], []
    for (sid, var) in rows:
        if sid in held:
            continue
        if sid in t:
            lab, is_expert = t[sid], True
        elif spec.get('weak') and sid in weak:
            col, mapping = spec['weak']
            lab, is_expert = mapping.get(weak[sid][col]), False
            if lab is None:
                continue
        else:
            continue
        if var != 'none' and not augment:
            continue
        keys.append((sid, var))
        y.append(lab)
        judged.append(is_expert and var == 'none')
    return keys, np.array(y), np.array(judged)


def all_variant_rows(rows, sids):
    return [(s, v) for s in sids for v in ['none'] + VARIANTS if (s, v) in rows]


# FIXED=1: each task keeps the measurement set and family of its tongue-features-1.3.0 model (the
# full search is slow on a shared machine); only the input (normalization, copies) changes.
MODE = 'none'
FIXED_CHOICE = {'body_colour': ('body_coat', {'family': 'logistic', 'C': 3.0}),
                'coating_colour': ('baseline_body_coat', {'family': 'lda', 'shrinkage': 'auto', 'priors': 'observed'})}


def features(set_name):
    return FEATURE_SETS[set_name] + ([f'n_{f}' for f in FEATURE_SETS[set_name]] if MODE == 'both' else [])


def choose(task, rows, man, weak, held, augment):
    keys, y, judged = task_rows(task, rows, man, weak, held, augment)
    grid = ([(FIXED_CHOICE[task][0], FIXED_CHOICE[task][1])] if os.environ.get('FIXED')
            else [(n, t) for n in TASKS[task]['features'] for t in FAMILIES])
    # Change rates need every copy in the test folds even when training sees the photo as taken only.
    have = set(keys)
    probe = [k for k in all_variant_rows(rows, sorted({k[0] for k, j in zip(keys, judged) if j})) if k not in have]
    best = None
    for set_name, training in grid:
        feats = features(set_name)
        allk = keys + probe
        X = np.array([[rows[k][f] for f in feats] for k in allk])
        yy = np.concatenate([y, np.array([targets(man)[TASKS[task]['target']][k[0]] for k in probe])]) if probe else y
        jj = np.concatenate([judged, np.zeros(len(probe), bool)])
        s, ch = cv_probe(X, yy, allk, jj, training, len(keys))
        if best is None or s > best[0] + 1e-9:
            best = (s, set_name, training, ch)
    return best, keys, y, judged


def cv_probe(X, y, keys, judged, training, n_train):
    """cv() where rows from n_train on are only ever predicted (copies not used for training)."""
    sids = np.array([k[0] for k in keys])
    var = np.array([k[1] for k in keys])
    jid = sids[judged]
    f1s, changes = [], {v: [] for v in VARIANTS}
    trainable = np.arange(len(keys)) < n_train
    for seed in range(SEEDS):
        pred = {}
        for _, te_i in StratifiedKFold(5, shuffle=True, random_state=seed).split(jid, y[judged]):
            test = set(jid[te_i])
            in_test = np.array([s in test for s in sids])
            tr = trainable & ~in_test
            clf, mean, std = fit(X[tr], y[tr], training)
            te = np.flatnonzero(in_test)
            for i, p in zip(te, clf.predict((X[te] - mean) / std)):
                pred[(sids[i], var[i])] = p
        f1s.append(f1_score(y[judged], [pred[(s, 'none')] for s in jid], average='macro'))
        for v in VARIANTS:
            both = [s for s in jid if (s, v) in pred]
            changes[v].append(np.mean([pred[(s, v)] != pred[(s, 'none')] for s in both]) if both else np.nan)
    return float(np.mean(f1s)), {v: float(np.nanmean(c)) for v, c in changes.items()}


def held_out(task, rows, man, held, clf, mean, std, feats):
    t = targets(man)[TASKS[task]['target']]
    sids = sorted(s for s in held if s in t and (s, 'none') in rows)
    pred = {}
    for k in all_variant_rows(rows, sids):
        pred[k] = clf.predict((np.array([[rows[k][f] for f in feats]]) - mean) / std)[0]
    f1 = f1_score([t[s] for s in sids], [pred[(s, 'none')] for s in sids], average='macro')
    ch = {v: float(np.mean([pred[(s, v)] != pred[(s, 'none')] for s in sids if (s, v) in pred])) for v in VARIANTS}
    return len(sids), f1, ch, pred


def main():
    args = sys.argv[1:]
    write = args[args.index('--write') + 1] if '--write' in args else None
    modes = [a for a in args if not a.startswith('--') and a != write] or ['none', 'sog', 'band', 'band-bg']
    if write and write not in modes:
        modes.append(write)
    man, weak, held = manual_labels(), weak_labels(), eval_ids()
    pct = lambda d: ' '.join(f'{v}:{100 * x:.0f}%' for v, x in d.items())  # noqa: E731
    global MODE
    for mode in modes:
        MODE = mode
        rows = read_rows(mode)
        preds = {}
        for augment in ((True,) if os.environ.get('AUG_ONLY') else (False, True)):
            for task in ('body_colour', 'coating_colour'):
                (score, set_name, training, ch), keys, y, judged = choose(task, rows, man, weak, held, augment)
                feats = features(set_name)
                clf, mean, std = fit(np.array([[rows[k][f] for f in feats] for k in keys]), y, training)
                n, f1, hch, preds[task] = held_out(task, rows, man, held, clf, mean, std, feats)
                print(f'{mode:8s} aug={int(augment)} {task:15s} cv {score:.4f} [{pct(ch)}] {set_name} {training} | '
                      f'held-out n={n} F1 {f1:.4f} [{pct(hch)}]', flush=True)
                if augment and write == mode:
                    model = {
                        'name': task, 'version': f'{task}-{VERSION}', 'features': feats,
                        'normalization': 'band' if mode == 'band' else mode,
                        'mean': [round(float(v), 6) for v in mean], 'std': [round(float(v), 6) for v in std],
                        'classes': [str(c) for c in clf.classes_],
                        'coef': [[round(float(v), 6) for v in row] for row in clf.coef_],
                        'intercept': [round(float(v), 6) for v in clf.intercept_],
                        'training': {'photos': len({k[0] for k in keys}), 'rows': len(keys),
                                     'expert_photos': int(judged.sum()), 'feature_set': set_name, **training,
                                     f'cv5x{SEEDS}': round(score, 4), 'cv_metric': 'macro_f1',
                                     'light_normalisation': mode, 'augmented': VARIANTS},
                    }
                    with open(os.path.join(MODELS, f'{task}.json'), 'w') as f:
                        json.dump(model, f, indent=1)


if __name__ == '__main__':
    main()
