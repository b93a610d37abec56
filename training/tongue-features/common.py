"""Shared data loading for the tongue feature models: measurement vectors (written by
dump-measures.ts), expert and weak labels, and the deterministic held-out split."""
import csv
import hashlib
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, '..', '..'))
DATA = os.environ.get('TONGUE_DATA', os.path.join(ROOT, '..', 'shared', 'data', 'tongue'))
CACHE = os.path.join(HERE, 'cache')
MODELS = os.path.join(ROOT, 'models', 'tongue-features')
SPLIT_FILE = os.path.join(HERE, 'split', 'eval-ids.txt')

# Held-out evaluation split: an expert-labelled photo is held out when the MD5 of its ID
# ("TE0000040") modulo 5 is 0, about 20 %, fixed by the ID alone. It contains the whole
# validation split of the segmentation model (training/tongue-seg: MD5 % 10 == 0), so the
# predicted-mask evaluation can use photos that neither model was trained on.
EVAL_MOD = 5
SEG_VAL_MOD = 10


def is_eval(sid):
    return int(hashlib.md5(sid.encode()).hexdigest(), 16) % EVAL_MOD == 0


def is_seg_val(sid):
    return int(hashlib.md5(sid.encode()).hexdigest(), 16) % SEG_VAL_MOD == 0


def read_tsv(name):
    with open(os.path.join(DATA, name)) as f:
        return {r['SID']: r for r in csv.DictReader(f, delimiter='\t')}


def manual_labels():
    return read_tsv('labels-manual.tsv')


def weak_labels():
    return read_tsv('labels-predicted.tsv')


def eval_ids():
    with open(SPLIT_FILE) as f:
        return set(l.strip() for l in f if l.strip())


def read_measures(path=None):
    path = path or os.path.join(CACHE, 'measures.jsonl')
    rows = {}
    with open(path) as f:
        for line in f:
            r = json.loads(line)
            rows[r.pop('id')] = r
    return rows


# Expert label -> contract label.
BODY_MAP = {'light': 'pale', 'regular': 'light_red', 'dark': 'dark'}
COAT_MAP = {'white': 'white', 'light_yellow': 'light_yellow', 'yellow': 'yellow'}


def targets(man):
    """Per task: {sid: label}. Cracks/tooth marks: 'present' (light or severe) vs 'none' (NA,
    not marked); severity: 'severe' vs 'light' among the marked photos."""
    t = {'coating': {}, 'body': {}, 'cracks': {}, 'cracks_severity': {}, 'teeth': {}, 'teeth_severity': {}}
    for sid, r in man.items():
        if r['labels_tai'] in COAT_MAP:
            t['coating'][sid] = COAT_MAP[r['labels_tai']]
        if r['labels_zhi'] in BODY_MAP:
            t['body'][sid] = BODY_MAP[r['labels_zhi']]
        for key, col in (('cracks', 'labels_fissure'), ('teeth', 'labels_tooth_mk')):
            v = r[col]
            t[key][sid] = 'none' if v == 'NA' else 'present'
            if v in ('light', 'severe'):
                t[key + '_severity'][sid] = v
    return t
