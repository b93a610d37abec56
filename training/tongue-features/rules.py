"""Measures the thresholds of the rule-decided tongue features on the TonguExpert photos (expert
masks, measurement vectors of dump-measures.ts) and writes models/tongue-features/rules.json.

  /usr/bin/python3 training/tongue-features/rules.py

Without labels for moisture, shape, spots and peeling, a rule flags what is uncommon in this
population of 2,301 photos from one capture device: the cut-offs are population percentiles
(written next to each threshold). Colour centroids (for the zones) are the mean CIELAB of the
expert classes on the training photos only."""
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import MODELS, eval_ids, manual_labels, read_measures, targets  # noqa: E402


def pct(rows, key, q):
    return round(float(np.percentile([r[key] for r in rows.values()], q)), 4)


def main():
    rows = read_measures()
    T = targets(manual_labels())
    held = eval_ids()
    train = {s: r for s, r in rows.items() if s not in held}

    def centroid(task, label, prefix):
        sids = [s for s, v in T[task].items() if v == label and s in train]
        return [round(float(np.mean([train[s][f'{prefix}_{c}_p50'] for s in sids])), 3) for c in 'Lab']

    dark = [s for s, v in T['body'].items() if v == 'dark' and s in train]
    dark_hue = [train[s]['body_hue'] for s in dark]
    dark_L = [train[s]['body_L_p50'] for s in dark]
    dark_a = [train[s]['body_a_p50'] for s in dark]
    rules = {
        'note': 'Measured by training/tongue-features/rules.py; see docs/tongue-features.md.',
        'photos': len(rows),
        'moisture': {'dryBelowHighlightShare': pct(rows, 'highlight_share', 15),
                     'moistAboveHighlightShare': pct(rows, 'highlight_share', 85),
                     'percentiles': [15, 85]},
        'shape': {'thinBelowRatio': pct(rows, 'width_length_ratio', 10),
                  'swollenAboveRatio': pct(rows, 'width_length_ratio', 90),
                  'percentiles': [10, 90]},
        # Stasis spots are found in only 8 % of the photos at all: flag the top 3 %.
        'spots': {'pricklesAbovePer1000px': pct(rows, 'prickle_per_1000px', 85),
                  'stasisAbovePer1000px': pct(rows, 'stasis_per_1000px', 97),
                  'percentiles': [85, 97]},
        # 3.4 % of the photos have no separable coating at all (coverage 0); a mirror tongue is
        # such a tongue that is also glossy (highlight share above the median).
        'peeled': {'mirrorBelowCoverage': 0.02,
                   'mirrorGlossAboveHighlightShare': pct(rows, 'highlight_share', 50),
                   'partialZoneRatio': 0.35,
                   'noCoatingShare': round(float(np.mean([r['coverage'] < 0.02 for r in rows.values()])), 4)},
        'coatingGreyBlack': {'maxL': pct(rows, 'coat_L_p50', 1), 'maxChroma': pct(rows, 'coat_chroma_p50', 10),
                             'percentiles': [1, 10]},
        # Among expert "dark" (darker than light red) tongues: purple = the bluest 20 % by hue
        # angle, crimson = darker than the median L* and redder than the median a*, else red.
        'darkBody': {'purpleBelowHue': round(float(np.percentile(dark_hue, 20)), 3),
                     'crimsonBelowL': round(float(np.median(dark_L)), 3),
                     'crimsonAboveA': round(float(np.median(dark_a)), 3),
                     'photos': len(dark)},
        'centroids': {
            'body': {lab: centroid('body', lab, 'body') for lab in ('pale', 'light_red', 'dark')},
            'coating': {lab: centroid('coating', lab, 'coat') for lab in ('white', 'light_yellow', 'yellow')},
        },
    }
    os.makedirs(MODELS, exist_ok=True)
    with open(os.path.join(MODELS, 'rules.json'), 'w') as f:
        json.dump(rules, f, indent=1)
    print(json.dumps(rules, indent=1))


if __name__ == '__main__':
    main()
