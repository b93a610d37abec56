"""Chooses, per feature, which sources the engine averages: the linear model ('lr'), the texture
network ('net'), for cracks and tooth marks the marks network ('marks'), for tooth marks the sides
network ('sides'). Every non-empty subset is scored on the internal validation photos
(expert-labelled, MD5 % 5 != 0, SHA-1 % 5 == 1; never the held-out photos); on a tie the smaller
one wins. Severity (severe vs light among marked photos) is chosen the same way. Before that, per
network, mirror averaging (its probabilities on the crop and on the crop's mirror image,
averaged) is kept when it raises the network's mean score over the tasks it serves. Linear-model
probabilities are out-of-fold (5-fold CV over the training photos); network probabilities are
the engine's own (dump-net-probs.ts, onnxruntime on the committed ONNX files). The networks chose
their epochs on these photos, so they are favoured slightly; ensemble.json says so.

  npx tsx training/tongue-features/dump-net-probs.ts > training/tongue-features/cache/net-probs.jsonl
  /usr/bin/python3 training/tongue-features/choose_ensemble.py

Light (issue 36 item 2): when the texture network reads the light-normalised crop
("normalization": "band" in its JSON) and a colour model does not, that linear model is no
candidate for its colour: averaging it in would bring back the label changes under other light
that the normalisation removes. TONGUE_FEATURES_DIR: the folder of a candidate's models (read and
written instead of models/tongue-features)."""
import hashlib
import json
import os
import sys
import warnings

import numpy as np
from sklearn.metrics import f1_score, roc_auc_score
from sklearn.model_selection import StratifiedKFold

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import CACHE, MODELS, eval_ids, manual_labels, read_measures, targets, weak_labels  # noqa: E402
from train import fit, training_set  # noqa: E402
from itertools import combinations  # noqa: E402

warnings.filterwarnings('ignore')
MODELS = os.environ.get('TONGUE_FEATURES_DIR', MODELS)
TASKS = {'coating_colour': ('coating', 'coating', ['white', 'light_yellow', 'yellow']),
         'body_colour': ('body', 'body', ['pale', 'light_red', 'dark']),
         'cracks': ('cracks', 'cracks', ['none', 'present']),
         'tooth_marks': ('teeth', 'teeth', ['none', 'present'])}


def score(y, P, classes):
    if len(classes) == 2:
        return roc_auc_score(np.asarray(y) == classes[1], P[:, 1])
    return f1_score(y, [classes[i] for i in P.argmax(1)], average='macro')


def read_net_probs():
    out = {}
    with open(os.path.join(CACHE, 'net-probs.jsonl')) as f:
        for line in f:
            r = json.loads(line)
            out[r['id']] = r
    return out


def network_probs(probs, net, sids, head, classes):
    if classes == ['none', 'present']:
        return np.array([[probs[s][net][head]['none'], 1 - probs[s][net][head]['none']] for s in sids])
    return np.array([[probs[s][net][head][c] for c in classes] for s in sids])


def severity_probs(probs, net, sids, head):
    """P(light), P(severe) given marked, from a none/light/severe head."""
    p = np.array([[probs[s][net][head]['light'], probs[s][net][head]['severe']] for s in sids])
    sev = p[:, 1] / np.maximum(1e-9, p.sum(1))
    return np.stack([1 - sev, sev], 1)


def best_subset(yv, cands, classes):
    scores = {}
    for r in range(1, len(cands) + 1):
        for names in combinations(sorted(cands), r):
            scores['+'.join(names)] = score(yv, sum(cands[n] for n in names) / len(names), classes)
    best = max(scores, key=lambda k: (round(scores[k], 4), -k.count('+')))
    return best.split('+'), scores


def oof_linear(task, rows, man, weak, held, classes):
    model = json.load(open(os.path.join(MODELS, f'{task}.json')))
    sids, y = training_set(task, rows, man, weak, held)
    sids, y = np.array(sids), np.array(y)
    X = np.array([[rows[s][f] for f in model['features']] for s in sids])
    oof = np.zeros((len(sids), len(classes)))
    for tr, te in StratifiedKFold(5, shuffle=True, random_state=0).split(X, y):
        clf, mu, sd = fit(X[tr], y[tr], model['training'])
        P = clf.predict_proba((X[te] - mu) / sd)
        oof[te] = P[:, [list(clf.classes_).index(c) for c in classes]]
    return sids, oof


def internal_val(s):
    return int(hashlib.sha1(s.encode()).hexdigest(), 16) % 5 == 1


NETWORKS = ('net', 'marks', 'sides')


def normalization(name):
    return json.load(open(os.path.join(MODELS, f'{name}.json'))).get('normalization')


def candidates(probs, vs, head, classes, oof_val, variant):
    """The sources for one task on the validation photos; variant[n] is the key of network n's
    probabilities ('marks' alone, or 'marks_m' averaged with the mirror image)."""
    severity = classes == ['light', 'severe']
    read = (lambda n: severity_probs(probs, variant[n], vs, head)) if severity else \
        (lambda n: network_probs(probs, variant[n], vs, head, classes))
    cands = {'lr': oof_val, 'net': read('net')}
    colour = {'body': 'body_colour', 'coating': 'coating_colour'}.get(head)
    if colour and normalization('texture-net') and normalization(colour) != normalization('texture-net'):
        del cands['lr']
    if head in ('cracks', 'teeth'):
        cands['marks'] = read('marks')
    if head == 'teeth':
        cands['sides'] = read('sides')
    return cands


def main():
    rows, man, weak, held = read_measures(), manual_labels(), weak_labels(), eval_ids()
    T = targets(man)
    probs = read_net_probs()
    # Every task's validation photos, labels and out-of-fold linear-model probabilities.
    tasks = []
    for task, (target, head, classes) in TASKS.items():
        sids, oof = oof_linear(task, rows, man, weak, held, classes)
        val = np.array([s in T[target] and internal_val(s) for s in sids])
        tasks.append((task, head, classes, sids[val], [T[target][s] for s in sids[val]], oof[val]))
    for task, (target, head) in {'cracks_severity': ('cracks_severity', 'cracks'),
                                 'tooth_marks_severity': ('teeth_severity', 'teeth')}.items():
        classes = ['light', 'severe']
        sids, oof = oof_linear(task, rows, man, weak, held, classes)
        val = np.array([internal_val(s) for s in sids])
        tasks.append((task, head, classes, sids[val], [T[target][s] for s in sids[val]], oof[val]))
    # Mirror averaging, per network: kept when it raises the network's mean score over the tasks
    # it serves.
    plain = {n: n for n in NETWORKS}
    mirrored = {n: n + '_m' for n in NETWORKS}
    mirror = {}
    for n in NETWORKS:
        means = []
        for variant in (plain, mirrored):
            sc = [score(yv, c[n], classes) for task, head, classes, vs, yv, o in tasks
                  for c in [candidates(probs, vs, head, classes, o, variant)] if n in c]
            means.append(float(np.mean(sc)))
        mirror[n] = means[1] > means[0]
        print(f'{n}: mean validation score alone {means[0]:.4f}, with its mirror image {means[1]:.4f}', flush=True)
    variant = {n: mirrored[n] if mirror[n] else n for n in NETWORKS}
    choice = {}
    for task, head, classes, vs, yv, o in tasks:
        use, scores = best_subset(yv, candidates(probs, vs, head, classes, o, variant), classes)
        choice[task] = {'use': use, 'validation': {k: round(v, 4) for k, v in scores.items()}, 'photos': len(vs)}
        print(task, choice[task], flush=True)
    choice['mirror'] = mirror
    choice['note'] = ('Chosen on the internal validation photos; the networks picked their epochs on them too, '
                      'so their scores there are slightly optimistic. "use" lists the sources averaged; '
                      '"mirror" the networks whose probabilities are averaged with those of the mirror image. '
                      'Thickness and greasiness use the mean of the linear model and the texture network.')
    with open(os.path.join(MODELS, 'ensemble.json'), 'w') as f:
        json.dump(choice, f, indent=1)


if __name__ == '__main__':
    main()
